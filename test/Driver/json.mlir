// --json prints one object with the results, one timing key per stage in
// pipeline order (wall clock, then process CPU time), and the bytes of
// machine code the JIT generated;
// --time-stages prints the same stages to stderr.
// RUN: qgrad run %s --json 2 '[1,2]' | FileCheck %s
// CHECK: {"results": [4, [1.5, 3]], "timings_ms": {"parse": {{[0-9.]+}}, "gradient_lowering": {{[0-9.]+}}, "bufferize": {{[0-9.]+}}, "lower_to_llvm": {{[0-9.]+}}, "translate": {{[0-9.]+}}, "optimize": {{[0-9.]+}}, "codegen": {{[0-9.]+}}, "execute": {{[0-9.]+}}}, "cpu_ms": {"parse": {{[0-9.]+}}, "gradient_lowering": {{[0-9.]+}}, "bufferize": {{[0-9.]+}}, "lower_to_llvm": {{[0-9.]+}}, "translate": {{[0-9.]+}}, "optimize": {{[0-9.]+}}, "codegen": {{[0-9.]+}}, "execute": {{[0-9.]+}}}, "code_bytes": {{[1-9][0-9]*}}}{{$}}
// RUN: qgrad run %s --time-stages 2 '[1,2]' 2>&1 >/dev/null | FileCheck %s --check-prefix=STAGES
// STAGES:      parse
// STAGES-NEXT: gradient_lowering
// STAGES-NEXT: bufferize
// STAGES-NEXT: lower_to_llvm
// STAGES-NEXT: translate
// STAGES-NEXT: optimize
// STAGES-NEXT: codegen
// STAGES-NEXT: execute
// STAGES-NEXT: total
func.func @main(%x: f64, %v: tensor<2xf64>) -> (f64, tensor<2xf64>) {
  %y = arith.mulf %x, %x : f64
  %c = arith.constant dense<1.5> : tensor<2xf64>
  %init = tensor.empty() : tensor<2xf64>
  %r = linalg.mul ins(%v, %c : tensor<2xf64>, tensor<2xf64>) outs(%init : tensor<2xf64>) -> tensor<2xf64>
  return %y, %r : f64, tensor<2xf64>
}
