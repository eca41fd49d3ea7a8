OPENQASM 3;
include "stdgates.inc";
qubit[2] q;
ctrl @ x q[0], q[1];
