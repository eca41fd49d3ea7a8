// A registered forward derivative (`__enzyme_register_derivative_f =
// {f, f_forward}`): forward mode calls it instead of differentiating f,
// whose body it could not follow (an indirect call). The rule takes each
// argument followed by its tangent or shadow and returns {result, tangent};
// a pointer argument writes its output tangents through the shadow. The
// reverse-only gradient of another function is still a located error in
// forward mode, and a forward-only rule one in reverse mode.
// RUN: %clang -O0 -I%qgrad_include -fpass-plugin=%plugin %s -o %t0 -lm && %t0
// RUN: %clang -O2 -I%qgrad_include -fpass-plugin=%plugin %s -o %t2 -lm && %t2
// RUN: not %clang -g -DREVERSE -O0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: forward-custom.c:{{[0-9]+}}:{{[0-9]+}}: in function 'g': 'scale' has a registered forward derivative only; reverse mode needs its gradient
// CHECK-NOT: registered forward derivative only
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double (*volatile hidden_sin)(double) = sin;
__attribute__((noinline)) double wave(double x) { return hidden_sin(x); }

typedef struct {
  double value, tangent;
} Dual;
static int forward_calls;
Dual wave_forward(double x, double dx) {
  ++forward_calls;
  Dual d = {sin(x), cos(x) * dx};
  return d;
}
__attribute__((used)) void *__enzyme_register_derivative_wave[2] = {
    (void *)wave, (void *)wave_forward};

// out[i] = k * in[i], hidden the same way.
static void (*volatile hidden_copy)(double *, const double *, double);
static void scale_body(double *out, const double *in, double k) {
  for (int i = 0; i < 2; ++i)
    out[i] = k * in[i];
}
__attribute__((noinline)) void scale(double *out, const double *in, double k) {
  hidden_copy(out, in, k);
}
void scale_forward(double *out, double *dout, const double *in,
                   const double *din, double k, double dk) {
  for (int i = 0; i < 2; ++i) {
    out[i] = k * in[i];
    dout[i] = dk * in[i] + k * (din ? din[i] : 0.0);
  }
}
__attribute__((used)) void *__enzyme_register_derivative_scale[2] = {
    (void *)scale, (void *)scale_forward};

static double f(double x) { return wave(x * x) * x; }

static double g(const double *in, void *ctx) {
  (void)ctx;
  double out[2];
  scale(out, in, in[0]);
  return out[0] * out[1];
}

#ifdef REVERSE
double uses_scale(double *in, double *din) {
  return __enzyme_autodiff((void *)g, in, din, enzyme_const, (void *)0);
}
#endif

int main(void) {
  hidden_copy = scale_body;
  QgradCheckReport report = qgrad_report_start("forward-custom");
  double x = qgrad_opaque(0.7);
  double d = __enzyme_fwddiff((void *)f, x, 1.0);
  qgrad_expect_unary(&report, "custom forward rule", f, x, d,
                     2.0 * x * x * cos(x * x) + sin(x * x),
                     qgrad_double_tolerances());
  qgrad_expect_near(&report, "forward rule calls", forward_calls, 1, 0);

  double in[2] = {0.6, -1.1}, analytic[2], grad[2];
  qgrad_opaque_array(in, 2);
  // g = (in0 in0) (in0 in1) = in0^3 in1
  analytic[0] = 3.0 * in[0] * in[0] * in[1];
  analytic[1] = in[0] * in[0] * in[0];
  for (int i = 0; i < 2; ++i) {
    double unit[2] = {i == 0, i == 1};
    grad[i] = __enzyme_fwddiff((void *)g, enzyme_dup, in, unit, enzyme_const,
                               (void *)0);
  }
  qgrad_expect_gradient(&report, "pointer outputs", g, NULL, in, 2, grad,
                        analytic, qgrad_double_tolerances());
  return qgrad_report_finish(&report);
}
