// RUN: qgrad run %s | FileCheck %s
// Every gate that is not one gate of qgrad's table (u3, u2, ch, cu3, sdg,
// tdg, sx, sxdg) with others, ending in Hadamards so that relative phases
// show in the probabilities; against the gate matrices of the OpenQASM
// specification in Inputs/expected.py (numpy).
// CHECK: {{^}}[0.32101281789931{{[0-9]*}}, 0.11991693219337{{[0-9]*}}, 0.078540730360646{{[0-9]*}}, 0.028608877897022{{[0-9]*}}, 0.20360623407140{{[0-9]*}}, 0.14831304907050{{[0-9]*}}, 0.073091949088331{{[0-9]*}}, 0.026909409419404{{[0-9]*}}]
OPENQASM 2.0;
include "qelib1.inc";
qreg q[3];
creg c[3];
u3(0.3, 1.1, -0.7) q[0];
u2(0.4, -1.2) q[1];
h q[2];
ch q[0], q[1];
cu3(0.9, 0.2, 1.4) q[1], q[2];
sdg q[0];
tdg q[1];
sx q[2];
rzz(0.8) q[0], q[2];
cswap q[0], q[1], q[2];
crz(0.6) q[2], q[0];
cu1(1.3) q[0], q[1];
rxx(0.5) q[1], q[2];
sxdg q[0];
u1(0.7) q[2];
p(-0.3) q[1];
ry(0.35) q[0];
h q;
measure q -> c;
