// RUN: qgrad run %s | FileCheck %s
// The three-qubit quantum Fourier transform (h, cu1, swap) of |101>
// followed by its inverse gives |101> back: probability 1 at index 5
// (qubit 0 is the most significant bit of the index; the probabilities sum
// to one, so the others are zero).
// CHECK: {{^}}[{{[^,]*}}, {{[^,]*}}, {{[^,]*}}, {{[^,]*}}, {{[^,]*}}, {{0.99999999999999[0-9]*|1.0000000000000[0-9]*}}, {{[^,]*}}, {{[^,]*}}]
OPENQASM 2.0;
include "qelib1.inc";
qreg q[3];
creg c[3];
x q[0];
x q[2];
// QFT
h q[0];
cu1(pi/2) q[1], q[0];
cu1(pi/4) q[2], q[0];
h q[1];
cu1(pi/2) q[2], q[1];
h q[2];
swap q[0], q[2];
// inverse QFT
swap q[0], q[2];
h q[2];
cu1(-pi/2) q[2], q[1];
h q[1];
cu1(-pi/4) q[2], q[0];
cu1(-pi/2) q[1], q[0];
h q[0];
measure q -> c;
