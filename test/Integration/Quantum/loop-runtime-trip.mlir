// A qubit carried through an scf.for whose trip count n arrives at run
// time; iteration i applies RX(1.5 x i). RX angles add up, so
// <Z> = cos(1.5 x (0 + 1 + ... + n-1)) = cos(1.5 x n (n - 1) / 2).
// RUN: qgrad run %s 0.2 5 | FileCheck %s --check-prefix=FIVE
// RUN: qgrad run %s 0.2 0 | FileCheck %s --check-prefix=ZERO
// RUN: qgrad run %s -O0 -- -0.35 7 | FileCheck %s --check-prefix=SEVEN
// FIVE: {{^}}{{-0\.989992496600[0-9]*}}{{$}}
// ZERO: {{^}}{{(0\.999999999999|1\.000000000000)[0-9]*}}{{$}}
// SEVEN: {{^}}{{0\.029421466133[0-9]*}}{{$}}
func.func @main(%x: f64, %n: i64) -> f64 attributes {qnode} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant 1.5 : f64
  %trips = arith.index_cast %n : i64 to index
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %kx = arith.mulf %k, %x : f64
  %qn = scf.for %i = %c0 to %trips step %c1 iter_args(%q = %q0) -> (!quantum.bit) {
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f64
    %angle = arith.mulf %kx, %fi : f64
    %q1 = quantum.custom "RX"(%angle) %q : !quantum.bit
    scf.yield %q1 : !quantum.bit
  }
  %z = quantum.namedobs %qn[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  %r1 = quantum.insert %r[ 0], %qn : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}
