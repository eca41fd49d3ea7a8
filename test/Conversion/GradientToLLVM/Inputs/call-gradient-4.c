// Calls @gradient(x, dx, out, ct) of a test whose memrefs are 4, 4, 1 and 1
// doubles, lowered the default way: each memref<Nxf64> is passed as
// (allocated, aligned, offset, size, stride).
#include <stdio.h>

void gradient(double *, double *, long, long, long, double *, double *, long,
              long, long, double *, double *, long, long, long, double *,
              double *, long, long, long);

int main(void) {
  double x[4] = {0.5, -1.0, 2.0, 3.0}, dx[4] = {0}, out[1] = {0}, ct[1] = {1};
  gradient(x, x, 0, 4, 1, dx, dx, 0, 4, 1, out, out, 0, 1, 1, ct, ct, 0, 1, 1);
  printf("value %g grad %g %g %g %g\n", out[0], dx[0], dx[1], dx[2], dx[3]);
  return 0;
}
