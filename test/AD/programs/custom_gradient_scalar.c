// A custom gradient for a function of two active scalars returning a double,
// in the scalar convention: the augmented forward returns {tape, primal};
// the reverse takes the arguments, the return's adjoint and the tape, and
// returns the two derivatives as a struct. The function hides its libm call
// behind a volatile pointer, so only the rule can differentiate it, and the
// rule must run exactly once per gradient.
// RUN: %{ad_build} && %{ad_run}
// A registered forward derivative takes one tangent per argument, so vector
// forward mode refuses it (diag-vector-forward.c) rather than call it once
// per lane, which would repeat its primal side effects.
// UNSUPPORTED: ad-vector-O0, ad-vector-O2
// In the forward configurations a forward derivative is registered too
// (Enzyme's __enzyme_register_derivative_*), which forward mode calls.
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double (*volatile hidden_atan2)(double, double) = atan2;

__attribute__((noinline)) double angle(double y, double x) {
  return hidden_atan2(y, x);
}

typedef struct {
  void *tape;
  double primal;
} AngleAugmented;

static int augmented_calls, reverse_calls;

AngleAugmented angle_augmented(double y, double x) {
  ++augmented_calls;
  double *squared_radius = malloc(sizeof *squared_radius);
  *squared_radius = x * x + y * y;
  AngleAugmented result = {squared_radius, angle(y, x)};
  return result;
}

QgradPair angle_reverse(double y, double x, double dangle, void *tape) {
  ++reverse_calls;
  double r2 = *(double *)tape;
  free(tape);
  QgradPair d = {dangle * x / r2, -dangle * y / r2};
  return d;
}

__attribute__((used)) void *__enzyme_register_gradient_angle[3] = {
    (void *)angle, (void *)angle_augmented, (void *)angle_reverse};

#ifdef QGRAD_CHECK_FORWARD
typedef struct {
  double value, tangent;
} AngleDual;

AngleDual angle_forward(double y, double dy, double x, double dx) {
  double r2 = x * x + y * y;
  AngleDual d = {angle(y, x), (x * dy - y * dx) / r2};
  return d;
}

__attribute__((used)) void *__enzyme_register_derivative_angle[2] = {
    (void *)angle, (void *)angle_forward};
#endif

QgradPair __enzyme_autodiff_pair(void *, ...);

static double f(double y, double x) { return angle(y, x) * x + y; }

int main(void) {
  QgradCheckReport report = qgrad_report_start("custom_gradient_scalar");
  double y = qgrad_opaque(0.6), x = qgrad_opaque(-1.4);
  double r2 = x * x + y * y;
  QgradPair analytic = {x * x / r2 + 1.0, atan2(y, x) - x * y / r2};
  QgradPair ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)f, y, x);
  qgrad_expect_near(&report, "augmented forward calls", augmented_calls, 1, 0);
  qgrad_expect_near(&report, "reverse calls", reverse_calls, 1, 0);
#endif
  qgrad_expect_binary(&report, "gradient", f, y, x, ad, analytic,
                      qgrad_double_tolerances());
  return qgrad_report_finish(&report);
}
