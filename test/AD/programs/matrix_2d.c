// A fixed-size two-dimensional array (double m[3][3]) passed with its
// shadow: the determinant, whose gradient is the cofactor matrix.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double determinant(const double m[3][3]) {
  return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
         m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
         m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

static double determinant_of(const double *flat, void *ctx) {
  (void)ctx;
  double m[3][3];
  memcpy(m, flat, sizeof m);
  return determinant((const double (*)[3])m);
}

int main(void) {
  double m[3][3] = {{1.2, -0.4, 0.7}, {0.3, 2.1, -1.1}, {-0.6, 0.5, 1.8}};
  double dm[3][3] = {{0}}, flat[9], analytic[9];
  qgrad_opaque_array(&m[0][0], 9);
  memcpy(flat, m, sizeof flat);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      int r0 = (i + 1) % 3, r1 = (i + 2) % 3, c0 = (j + 1) % 3,
          c1 = (j + 2) % 3;
      analytic[3 * i + j] = m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0];
    }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)determinant, enzyme_dup, m, dm);
#endif
  return qgrad_check_objective("matrix_2d", determinant_of, NULL, flat, 9,
                               &dm[0][0], analytic, qgrad_double_tolerances());
}
