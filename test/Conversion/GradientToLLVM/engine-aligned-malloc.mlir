// An aligned memref.alloc inside differentiated code, lowered the default
// way: malloc of a larger block, the aligned pointer computed through
// ptrtoint/add/urem/inttoptr. The engine gives the aligned pointer the
// shadow of the malloc at the same distance (forwardIntToPtr); before it
// did, it refused with "the engine cannot differentiate this instruction"
// at the inttoptr. (The driver lowers aligned allocations through
// aligned_alloc instead, see heap-in-callee.mlir.) sum(x^2) at
// x = (0.5, -1, 2, 3) is 14.25 with gradient 2x.
// RUN: qgrad-opt %s --pass-pipeline='builtin.module(convert-gradient-to-llvm,convert-linalg-to-loops,convert-scf-to-cf,expand-strided-metadata,finalize-memref-to-llvm,convert-to-llvm,reconcile-unrealized-casts)' \
// RUN:   | mlir-translate --mlir-to-llvmir | qgrad-ad - -o %t.ll
// RUN: %clang -O1 %t.ll %S/Inputs/call-gradient-4.c -o %t.exe -lm
// RUN: %t.exe | FileCheck %s
// CHECK: value 14.25 grad 1 -2 4 6

func.func @square_sum(%x: memref<4xf64>, %out: memref<1xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %tmp = memref.alloc() {alignment = 64 : i64} : memref<4xf64>
  scf.for %i = %c0 to %c4 step %c1 {
    %xi = memref.load %x[%i] : memref<4xf64>
    %sq = arith.mulf %xi, %xi : f64
    memref.store %sq, %tmp[%i] : memref<4xf64>
  }
  %zero = arith.constant 0.0 : f64
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f64) {
    %t = memref.load %tmp[%i] : memref<4xf64>
    %a = arith.addf %acc, %t : f64
    scf.yield %a : f64
  }
  memref.dealloc %tmp : memref<4xf64>
  memref.store %s, %out[%c0] : memref<1xf64>
  return
}
func.func @gradient(%x: memref<4xf64>, %dx: memref<4xf64>, %out: memref<1xf64>, %ct: memref<1xf64>) {
  gradient.backprop @square_sum(%x) grad_out(%dx : memref<4xf64>) callee_out(%out : memref<1xf64>)
      cotangents(%ct : memref<1xf64>) : (memref<4xf64>) -> ()
  return
}
