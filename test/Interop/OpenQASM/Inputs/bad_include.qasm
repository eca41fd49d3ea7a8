OPENQASM 2.0;
include "mylib.inc";
qreg q[1];
