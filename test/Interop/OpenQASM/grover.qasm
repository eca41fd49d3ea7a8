// RUN: qgrad run %s | FileCheck %s
// Grover's search on two qubits for |11> (OpenQASM 3, whole-register
// gates broadcast): one iteration finds it with certainty.
// CHECK: {{^}}[{{[0-9.e-]*}}, {{[0-9.e-]*}}, {{[0-9.e-]*}}, {{0.99999999999999[0-9]*|1.0000000000000[0-9]*}}]
OPENQASM 3;
include "stdgates.inc";
qubit[2] q;
bit[2] c;
h q;
cz q[0], q[1];
h q;
x q;
cz q[0], q[1];
x q;
h q;
c = measure q;
