OPENQASM 2.0;
qreg q[3];
creg c[333333333];
measure q -> c;
