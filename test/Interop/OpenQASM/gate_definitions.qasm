// RUN: qgrad run %s 0.8 -0.35 | FileCheck %s
// OpenQASM 3 with `input float` parameters, gate definitions that call
// each other, expressions over inputs and gate parameters (sin, /, unary
// minus), and comments of both kinds; against Inputs/expected.py.
// CHECK: {{^}}[0.078746858733{{[0-9]*}}, 0.90738811137{{[0-9]*}}, 0.0089729691014{{[0-9]*}}, 0.0048920607935{{[0-9]*}}]
OPENQASM 3.0;
include "stdgates.inc";
input float[64] theta;
input angle phi;
/* rotxy(a, b) = rz(a) then ry(b) */
gate rotxy(a, b) x {
  rz(a) x;
  ry(b) x;
}
gate pair(a) x, y {
  rotxy(a, 2 * a) x;
  cx x, y;
  rotxy(-a, a / 2) y;
}
qubit[2] q;
h q[0];
pair(theta) q[0], q[1];
pair(phi + theta / 3) q[1], q[0];
rx(sin(phi) * 2) q[1];
