OPENQASM 3;
/* a comment that never ends
qubit[1] q;
h q[0];
