OPENQASM 3;
include "stdgates.inc;
qubit[1] q;
h q[0];
