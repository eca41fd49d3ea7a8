// RUN: qgrad run %s | FileCheck %s
// GHZ on three qubits (OpenQASM 2): half |000>, half |111>.
// CHECK: {{^}}[0.50000000000000{{[0-9]*}}, 0.0000000000000000, 0.0000000000000000, 0.0000000000000000, 0.0000000000000000, 0.0000000000000000, 0.0000000000000000, 0.50000000000000{{[0-9]*}}]
OPENQASM 2.0;
include "qelib1.inc";
qreg q[3];
creg c[3];
h q[0];
cx q[0], q[1];
cx q[1], q[2];
barrier q;
measure q -> c;
