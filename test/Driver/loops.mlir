// scf.for with a trip count known only at run time, and scf.while.
// RUN: qgrad run %s --entry sum_to 100 | FileCheck %s --check-prefix=SUM
// SUM: {{^}}5050{{$}}
// RUN: qgrad run %s --entry sum_to 0 | FileCheck %s --check-prefix=ZERO
// ZERO: {{^}}0{{$}}
// RUN: qgrad run %s --entry halvings 1024.0 | FileCheck %s --check-prefix=HALF
// HALF: {{^}}10{{$}}
func.func @sum_to(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %end = arith.addi %n, %c1 : i64
  %s = scf.for %i = %c1 to %end step %c1 iter_args(%acc = %c0) -> (i64) : i64 {
    %a = arith.addi %acc, %i : i64
    scf.yield %a : i64
  }
  return %s : i64
}

func.func @halvings(%x: f64) -> i64 {
  %one = arith.constant 1.0 : f64
  %half = arith.constant 0.5 : f64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r:2 = scf.while (%v = %x, %k = %c0) : (f64, i64) -> (f64, i64) {
    %more = arith.cmpf ogt, %v, %one : f64
    scf.condition(%more) %v, %k : f64, i64
  } do {
  ^bb0(%v: f64, %k: i64):
    %v2 = arith.mulf %v, %half : f64
    %k2 = arith.addi %k, %c1 : i64
    scf.yield %v2, %k2 : f64, i64
  }
  return %r#1 : i64
}
