// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.4 3 | FileCheck %s
// RUN: qgrad run %t.mlir 0.4 5 | FileCheck %s --check-prefix=FIVE
// A register of n wires with n from the command line, gates placed by
// scf.for over dynamic wire indices: RY((k + 1) x) on wire k, then a CNOT
// ladder k -> k + 1, then <Z> of the last wire, parameter shift. Through the
// ladder Z_{n-1} becomes Z_0 ... Z_{n-1}, so with c_k = cos((k + 1) x),
//   <Z_{n-1}> = prod_k c_k,
//   d/dx = sum_j -(j + 1) sin((j + 1) x) prod_{k != j} c_k.
// CHECK: {{^}}-2.37144641931
// CHECK-NEXT: {{^}}true
// FIVE: {{^}}0.38895196776
// FIVE-NEXT: {{^}}true

func.func @circuit(%x: f64, %n: i64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f64
  %count = arith.index_cast %n : i64 to index
  %last = arith.subi %count, %c1 : index
  %r = quantum.alloc(%n) : !quantum.reg
  %r1 = scf.for %k = %c0 to %count step %c1 iter_args(%reg = %r) -> (!quantum.reg) {
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %k1 = arith.addf %kf, %one : f64
    %angle = arith.mulf %k1, %x : f64
    %q = quantum.extract %reg[%ki] : !quantum.reg -> !quantum.bit
    %q1 = quantum.custom "RY"(%angle) %q : !quantum.bit
    %reg1 = quantum.insert %reg[%ki], %q1 : !quantum.reg, !quantum.bit
    scf.yield %reg1 : !quantum.reg
  }
  %r2 = scf.for %k = %c0 to %last step %c1 iter_args(%reg = %r1) -> (!quantum.reg) {
    %ki = arith.index_cast %k : index to i64
    %next = arith.addi %k, %c1 : index
    %ni = arith.index_cast %next : index to i64
    %a = quantum.extract %reg[%ki] : !quantum.reg -> !quantum.bit
    %b = quantum.extract %reg[%ni] : !quantum.reg -> !quantum.bit
    %ab:2 = quantum.custom "CNOT"() %a, %b : !quantum.bit, !quantum.bit
    %reg1 = quantum.insert %reg[%ki], %ab#0 : !quantum.reg, !quantum.bit
    %reg2 = quantum.insert %reg1[%ni], %ab#1 : !quantum.reg, !quantum.bit
    scf.yield %reg2 : !quantum.reg
  }
  %li = arith.index_cast %last : index to i64
  %q = quantum.extract %r2[%li] : !quantum.reg -> !quantum.bit
  %o = quantum.namedobs %q[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r3 = quantum.insert %r2[%li], %q : !quantum.reg, !quantum.bit
  quantum.dealloc %r3 : !quantum.reg
  return %e : f64
}

// d/dx prod_k cos((k + 1) x), term by term.
func.func @analytic(%x: f64, %n: i64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %count = arith.index_cast %n : i64 to index
  %sum = scf.for %j = %c0 to %count step %c1 iter_args(%acc = %zero) -> (f64) {
    %term = scf.for %k = %c0 to %count step %c1 iter_args(%p = %one) -> (f64) {
      %ki = arith.index_cast %k : index to i64
      %kf = arith.sitofp %ki : i64 to f64
      %k1 = arith.addf %kf, %one : f64
      %angle = arith.mulf %k1, %x : f64
      %same = arith.cmpi eq, %j, %k : index
      %c = math.cos %angle : f64
      %s = math.sin %angle : f64
      %ks = arith.mulf %k1, %s : f64
      %dc = arith.negf %ks : f64
      %factor = arith.select %same, %dc, %c : f64
      %p1 = arith.mulf %p, %factor : f64
      scf.yield %p1 : f64
    }
    %acc1 = arith.addf %acc, %term : f64
    scf.yield %acc1 : f64
  }
  return %sum : f64
}

func.func @main(%x: f64, %n: i64) -> (f64, i1) {
  %g = gradient.grad "auto" @circuit(%x, %n) : (f64, i64) -> f64
  %h = arith.constant 1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %xp = arith.addf %x, %h : f64
  %xm = arith.subf %x, %h : f64
  %fp = call @circuit(%xp, %n) : (f64, i64) -> f64
  %fm = call @circuit(%xm, %n) : (f64, i64) -> f64
  %diff = arith.subf %fp, %fm : f64
  %fd = arith.divf %diff, %two_h : f64
  %a = call @analytic(%x, %n) : (f64, i64) -> f64
  %ok = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  return %g, %ok : f64, i1
}
