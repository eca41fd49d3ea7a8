// Found by malformed_inputs.py (examples/matvec.mlir with `dimensions = [0]`
// changed to `[1e]`): after reporting its error, MLIR 22's parser for
// linalg.reduce stores the null attribute it failed to parse and crashes
// (upstream code qgrad cannot change). Once an error is reported, qgrad and
// qgrad-opt turn a crash into exit status 1 and a note
// (qgrad/Support/InputGuards.h): the located error is what the user needs.
// RUN: sh -c 'qgrad-opt %s; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: sh -c 'qgrad compile %s -o %t.so; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: sh -c 'qgrad run %s 1.0; echo "exit=$?"' 2>&1 | FileCheck %s
func.func @main(%x: f64) -> f64 {
  %v = tensor.from_elements %x, %x : tensor<2xf64>
  %init = tensor.empty() : tensor<f64>
  %zero = arith.constant 0.0 : f64
  %acc = linalg.fill ins(%zero : f64) outs(%init : tensor<f64>) -> tensor<f64>
  %sum = linalg.reduce
      ins(%v : tensor<2xf64>)
      outs(%acc : tensor<f64>)
      // CHECK: bail-out-after-error.mlir:[[@LINE+1]]:22: error: expected ']'
      dimensions = [1e]
      (%in: f64, %out: f64) {
        %s = arith.addf %in, %out : f64
        linalg.yield %s : f64
      }
  %r = tensor.extract %sum[] : tensor<f64>
  return %r : f64
}
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
// CHECK: exit=1
