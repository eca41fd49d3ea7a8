// A custom gradient registered with __enzyme_register_gradient_* =
// {function, augmented forward, reverse} in Enzyme's pointer convention:
//   augmented forward(x, dx, out, dout) -> tape (computes the primal),
//   reverse(x, dx, out, dout, tape)     (adds into dx, consumes dout).
// The function calls libm through a volatile function pointer, which the
// engine could not differentiate on its own; the rule must be used, and
// exactly once per gradient.
// RUN: %{ad_build} && %{ad_run}
// A registered forward derivative takes one tangent per argument, so vector
// forward mode refuses it (diag-vector-forward.c) rather than call it once
// per lane, which would repeat its primal side effects.
// UNSUPPORTED: ad-vector-O0, ad-vector-O2
// In the forward configurations a forward derivative is registered too
// (Enzyme's __enzyme_register_derivative_*), which forward mode calls.
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double (*volatile hidden_exp)(double) = exp;

__attribute__((noinline)) void soft_plus(const double *x, double *out) {
  *out = log(1.0 + hidden_exp(x[0]));
}

static int augmented_calls, reverse_calls;

void *soft_plus_augmented(const double *x, double *dx, double *out,
                          double *dout) {
  (void)dx;
  (void)dout;
  ++augmented_calls;
  soft_plus(x, out);
  double *tape = malloc(sizeof *tape);
  *tape = 1.0 / (1.0 + exp(-x[0]));
  return tape;
}

void soft_plus_reverse(const double *x, double *dx, double *out, double *dout,
                       void *tape) {
  (void)x;
  (void)out;
  ++reverse_calls;
  double *sigmoid = tape;
  dx[0] += *dout * *sigmoid;
  *dout = 0.0;
  free(sigmoid);
}

__attribute__((used)) void *__enzyme_register_gradient_soft_plus[3] = {
    (void *)soft_plus, (void *)soft_plus_augmented, (void *)soft_plus_reverse};

#ifdef QGRAD_CHECK_FORWARD
void soft_plus_forward(const double *x, const double *dx, double *out,
                       double *dout) {
  soft_plus(x, out);
  *dout = dx[0] / (1.0 + exp(-x[0]));
}

__attribute__((used)) void *__enzyme_register_derivative_soft_plus[2] = {
    (void *)soft_plus, (void *)soft_plus_forward};
#endif

static double f(double x, double y) {
  double value;
  soft_plus(&x, &value);
  return value * y;
}

QgradPair __enzyme_autodiff_pair(void *, ...);

int main(void) {
  QgradCheckReport report = qgrad_report_start("custom_gradient");
  double x = qgrad_opaque(0.4), y = qgrad_opaque(-1.7);
  double sigmoid = 1.0 / (1.0 + exp(-x));
  QgradPair analytic = {sigmoid * y, log(1.0 + exp(x))}, ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)f, x, y);
  qgrad_expect_near(&report, "augmented forward calls", augmented_calls, 1, 0);
  qgrad_expect_near(&report, "reverse calls", reverse_calls, 1, 0);
#endif
  qgrad_expect_binary(&report, "gradient", f, x, y, ad, analytic,
                      qgrad_double_tolerances());
  return qgrad_report_finish(&report);
}
