// --emit prints one stage instead of running; --keep-intermediate writes all.
// RUN: qgrad run %s --emit=mlir-llvm | FileCheck %s --check-prefix=MLIR
// MLIR: llvm.func @main(%arg0: f64) -> f64
// MLIR: llvm.intr.exp
// RUN: qgrad run %s --emit llvm-ir | FileCheck %s --check-prefix=IR
// IR: define double @main(double %0)
// IR: call double @llvm.exp.f64
// RUN: qgrad run %s --emit=llvm-ir-opt -O2 | FileCheck %s --check-prefix=OPT
// OPT: define double @main(double %0)
// OPT-NOT: fadd
// RUN: rm -rf %t && qgrad run %s --keep-intermediate %t 1.0 | FileCheck %s --check-prefix=RESULT
// RUN: ls %t | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --check-prefix=KEPT < %t/3-llvm.ll
// RESULT: {{^}}2.7182818284590451{{$}}
// FILES: 0-input.mlir
// FILES-NEXT: 1-bufferized.mlir
// FILES-NEXT: 2-llvm-dialect.mlir
// FILES-NEXT: 3-llvm.ll
// FILES-NEXT: 4-llvm-opt.ll
// KEPT: define double @main
func.func @main(%x: f64) -> f64 {
  %zero = arith.constant 0.0 : f64
  %e = math.exp %x : f64
  %r = arith.addf %e, %zero : f64
  return %r : f64
}
