// A one-qubit state-vector simulation in plain doubles (real and imaginary
// parts): RY(a) then RZ(b) then RY(c) on |0>, and the expectation of Z. The
// closed form <Z> = cos a cos c - sin a sin c cos b gives the gradient.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

typedef struct {
  double re[2], im[2];
} Qubit;

static void apply(Qubit *q, const double g_re[2][2], const double g_im[2][2]) {
  Qubit out;
  for (int r = 0; r < 2; ++r) {
    out.re[r] = out.im[r] = 0.0;
    for (int c = 0; c < 2; ++c) {
      out.re[r] += g_re[r][c] * q->re[c] - g_im[r][c] * q->im[c];
      out.im[r] += g_re[r][c] * q->im[c] + g_im[r][c] * q->re[c];
    }
  }
  *q = out;
}

static void ry(Qubit *q, double t) {
  double c = cos(t / 2), s = sin(t / 2);
  const double re[2][2] = {{c, -s}, {s, c}}, im[2][2] = {{0, 0}, {0, 0}};
  apply(q, re, im);
}

static void rz(Qubit *q, double t) {
  double c = cos(t / 2), s = sin(t / 2);
  const double re[2][2] = {{c, 0}, {0, c}}, im[2][2] = {{-s, 0}, {0, s}};
  apply(q, re, im);
}

static double expectation_z(const double *angles, void *ctx) {
  (void)ctx;
  Qubit q = {{1.0, 0.0}, {0.0, 0.0}};
  ry(&q, angles[0]);
  rz(&q, angles[1]);
  ry(&q, angles[2]);
  return q.re[0] * q.re[0] + q.im[0] * q.im[0] - q.re[1] * q.re[1] -
         q.im[1] * q.im[1];
}

int main(void) {
  double t[3] = {0.7, 1.9, -0.4}, dt[3] = {0};
  qgrad_opaque_array(t, 3);
  double a = t[0], b = t[1], c = t[2];
  double analytic[3] = {-sin(a) * cos(c) - cos(a) * sin(c) * cos(b),
                        sin(a) * sin(c) * sin(b),
                        -cos(a) * sin(c) - sin(a) * cos(c) * cos(b)};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)expectation_z, enzyme_dup, t, dt, enzyme_const,
                    (void *)0);
#endif
  return qgrad_check_objective("kernel_qubit_statevector", expectation_z, NULL,
                               t, 3, dt, analytic, qgrad_double_tolerances());
}
