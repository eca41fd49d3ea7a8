OPENQASM 2.0;
include "qelib1.inc";
gate g a { g a; }
qreg q[1];
g q[0];
