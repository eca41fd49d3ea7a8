OPENQASM 2.0;
qreg a[1];
qreg b[4294967295];
