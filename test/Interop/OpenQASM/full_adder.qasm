// RUN: qgrad run %s | FileCheck %s
// A full adder of Toffoli and CNOT gates on a = b = cin = 1: sum 1, carry 1.
// Only sum (into c[0]) and carry (into c[1]) are measured, so the result
// has four entries, indexed by (c[0], c[1]): all weight on index 3.
// CHECK: {{^}}[0.0000000000000000, 0.0000000000000000, 0.0000000000000000, 1.0000000000000000]
OPENQASM 2.0;
include "qelib1.inc";
qreg a[1];
qreg b[1];
qreg cin[1];
qreg cout[1];
creg sum[1];
creg carry[1];
x a[0];
x b[0];
x cin[0];
ccx a[0], b[0], cout[0];
cx a[0], b[0];
ccx b[0], cin[0], cout[0];
cx b[0], cin[0];
measure cin[0] -> sum[0];
measure cout[0] -> carry[0];
