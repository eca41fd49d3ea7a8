// Failures inside the runtime reach the user as one message and exit 1:
// a state that does not fit in memory, a wire outside the register (a
// dynamic index), and a buffer whose run-time size does not match the
// observed wires (the lowering hands the runtime a null pointer rather than
// let it write past the buffer).
// RUN: sh -c 'qgrad run %s --entry too_big 60; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: qgrad: error: runtime: qgrad_rt_allocate: cannot allocate 60 qubits
// BIG: exit=1
// RUN: sh -c 'qgrad run %s --entry bad_wire 5; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=WIRE
// WIRE: qgrad: error: runtime: qgrad_rt_apply: Hadamard: wire 5 is outside the register of 2 qubits
// WIRE: exit=1
// RUN: sh -c 'qgrad run %s --entry bad_size 3; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: qgrad: error: runtime: qgrad_rt_probs: the output pointer is null
// SIZE: exit=1
// The same programs succeed with good inputs.
// RUN: qgrad run %s --entry bad_size 4 | FileCheck %s --check-prefix=OK
// OK: {{^\[}}1.0000000000000000, 0.0000000000000000, 0.0000000000000000, 0.0000000000000000]{{$}}
func.func @too_big(%n: i64) -> f64 attributes {qnode} {
  %r = quantum.alloc(%n) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "Hadamard"() %q0 : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @bad_wire(%i: i64) -> f64 attributes {qnode} {
  %r = quantum.alloc( 2) : !quantum.reg
  %q0 = quantum.extract %r[%i] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "Hadamard"() %q0 : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  %r1 = quantum.insert %r[%i], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @bad_size(%size: i64) -> tensor<?xf64> attributes {qnode} {
  %r = quantum.alloc( 2) : !quantum.reg
  %basis = quantum.compbasis qreg %r : !quantum.obs
  %p = quantum.probs %basis shape %size : tensor<?xf64>
  quantum.dealloc %r : !quantum.reg
  return %p : tensor<?xf64>
}
