OPENQASM 3;
qubit[2] q;
reset q[0];
