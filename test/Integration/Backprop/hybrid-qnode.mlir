// The whole hybrid path: gradient.grad over classical code that calls two
// qnodes, one differentiated by parameter shift, one by the adjoint method.
// The gradient lowering splits each qnode (argmap, quantum part, Jacobian
// marked gradient.inactive) and emits a backprop; this lowering turns it
// into __enzyme_autodiff with the Jacobians registered inactive.
// Circuit: RX(2x) on wire 0, CNOT(0, 1), RY(x^2) on wire 1, <Z1>:
//   E(x) = cos(2x) cos(x^2),  E'(x) = -2 sin(2x) cos(x^2) - 2x cos(2x) sin(x^2)
//   loss(x) = (1 - E_ps(x))^2 + E_adj(x),  loss' = (1 - 2 (1 - E)) E'
// RUN: qgrad run %s 0.7 | FileCheck %s
// CHECK:      {{^}}1.295803628581{{[0-9]+$}}
// CHECK-NEXT: {{^[0-9]\.[0-9]+e-[0-9]+$}}
// CHECK-NEXT: {{^}}true{{$}}

func.func @circuit_ps(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 2) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %two = arith.constant 2.0 : f64
  %a = arith.mulf %two, %x : f64
  %q2 = quantum.custom "RX"(%a) %q0 : !quantum.bit
  %q3:2 = quantum.custom "CNOT"() %q2, %q1 : !quantum.bit, !quantum.bit
  %b = arith.mulf %x, %x : f64
  %q4 = quantum.custom "RY"(%b) %q3#1 : !quantum.bit
  %o = quantum.namedobs %q4[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q3#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %q4 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e : f64
}

func.func @circuit_adj(%x: f64) -> f64 attributes {qnode, diff_method = "adjoint"} {
  %r = quantum.alloc( 2) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %two = arith.constant 2.0 : f64
  %a = arith.mulf %two, %x : f64
  %q2 = quantum.custom "RX"(%a) %q0 : !quantum.bit
  %q3:2 = quantum.custom "CNOT"() %q2, %q1 : !quantum.bit, !quantum.bit
  %b = arith.mulf %x, %x : f64
  %q4 = quantum.custom "RY"(%b) %q3#1 : !quantum.bit
  %o = quantum.namedobs %q4[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q3#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %q4 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e : f64
}

func.func @loss(%x: f64) -> f64 {
  %one = arith.constant 1.0 : f64
  %e = call @circuit_ps(%x) : (f64) -> f64
  %d = arith.subf %one, %e : f64
  %sq = arith.mulf %d, %d : f64
  %f = call @circuit_adj(%x) : (f64) -> f64
  %l = arith.addf %sq, %f : f64
  return %l : f64
}

func.func @main(%x: f64) -> (f64, f64, i1) {
  %g = gradient.grad "auto" @loss(%x) : (f64) -> f64
  %h = arith.constant 1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %xp = arith.addf %x, %h : f64
  %xm = arith.subf %x, %h : f64
  %lp = call @loss(%xp) : (f64) -> f64
  %lm = call @loss(%xm) : (f64) -> f64
  %dl = arith.subf %lp, %lm : f64
  %fd = arith.divf %dl, %two_h : f64
  %e = arith.subf %g, %fd : f64
  %err = math.absf %e : f64
  %tol = arith.constant 1.0e-6 : f64
  %ok = arith.cmpf olt, %err, %tol : f64
  return %g, %err, %ok : f64, f64, i1
}
