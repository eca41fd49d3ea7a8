// A register of n qubits (n known at run time) carried through scf.while;
// iteration i extracts wire i with a dynamic index and applies
// RY(x (i + 1)). probs of the whole register (quantum.compbasis qreg, a
// dynamic result size 2^n) is the product distribution
// p(b) = prod_i [cos^2(x (i+1)/2) if b_i = 0 else sin^2(x (i+1)/2)].
// With C(t) = cos^2(t/2), S(t) = sin^2(t/2), x = 0.6, n = 2:
// RUN: qgrad run %s 0.6 2 | FileCheck %s --check-prefix=TWO
// RUN: qgrad run %s -O0 0.6 2 | FileCheck %s --check-prefix=TWO
// TWO: {{^\[}}{{0\.621690032373[0-9]*}}, {{0\.290977775081[0-9]*}}, {{0\.059488844864[0-9]*}}, {{0\.027843347680[0-9]*}}]{{$}}
// n = 3, x = 0.6:
// RUN: qgrad run %s 0.6 3 | FileCheck %s --check-prefix=THREE
// THREE: {{^\[}}{{0\.240220377384[0-9]*}}, {{0\.381469654989[0-9]*}}, {{0\.112433507536[0-9]*}}, {{0\.178544267544[0-9]*}}, {{0\.022986427350[0-9]*}}, {{0\.036502417514[0-9]*}}, {{0\.010758640382[0-9]*}}, {{0\.017084707298[0-9]*}}]{{$}}
func.func @main(%x: f64, %n: i64) -> tensor<?xf64> attributes {qnode} {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r = quantum.alloc(%n) : !quantum.reg
  %i, %rn = scf.while (%i = %c0, %reg = %r) : (i64, !quantum.reg) -> (i64, !quantum.reg) {
    %more = arith.cmpi slt, %i, %n : i64
    scf.condition(%more) %i, %reg : i64, !quantum.reg
  } do {
  ^bb0(%j: i64, %reg: !quantum.reg):
    %j1 = arith.addi %j, %c1 : i64
    %fj = arith.sitofp %j1 : i64 to f64
    %angle = arith.mulf %x, %fj : f64
    %q = quantum.extract %reg[%j] : !quantum.reg -> !quantum.bit
    %q1 = quantum.custom "RY"(%angle) %q : !quantum.bit
    %reg1 = quantum.insert %reg[%j], %q1 : !quantum.reg, !quantum.bit
    scf.yield %j1, %reg1 : i64, !quantum.reg
  }
  %size = arith.shli %c1, %n : i64
  %basis = quantum.compbasis qreg %rn : !quantum.obs
  %p = quantum.probs %basis shape %size : tensor<?xf64>
  quantum.dealloc %rn : !quantum.reg
  return %p : tensor<?xf64>
}
