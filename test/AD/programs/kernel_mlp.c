// A two-layer perceptron with tanh hidden units and a squared loss, the
// weights active (enzyme_dup) and the input and target constant.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { IN = 3, HIDDEN = 4, WEIGHTS = HIDDEN * IN + HIDDEN };

static const double input[IN] = {0.5, -1.0, 2.0};
static const double target = 0.3;

static double loss(const double *w, const double *in, double want) {
  const double *w1 = w, *w2 = w + HIDDEN * IN;
  double out = 0.0;
  for (int h = 0; h < HIDDEN; ++h) {
    double z = 0.0;
    for (int i = 0; i < IN; ++i)
      z += w1[h * IN + i] * in[i];
    out += w2[h] * tanh(z);
  }
  double e = out - want;
  return 0.5 * e * e;
}

static double loss_of(const double *w, void *ctx) {
  (void)ctx;
  return loss(w, input, target);
}

int main(void) {
  double w[WEIGHTS], dw[WEIGHTS] = {0}, analytic[WEIGHTS], hidden[HIDDEN];
  for (int i = 0; i < WEIGHTS; ++i)
    w[i] = qgrad_opaque(0.3 * sin(1.7 * i + 0.4));
  double out = 0.0;
  for (int h = 0; h < HIDDEN; ++h) {
    double z = 0.0;
    for (int i = 0; i < IN; ++i)
      z += w[h * IN + i] * input[i];
    hidden[h] = tanh(z);
    out += w[HIDDEN * IN + h] * hidden[h];
  }
  double e = out - target;
  for (int h = 0; h < HIDDEN; ++h) {
    analytic[HIDDEN * IN + h] = e * hidden[h];
    double dz = e * w[HIDDEN * IN + h] * (1.0 - hidden[h] * hidden[h]);
    for (int i = 0; i < IN; ++i)
      analytic[h * IN + i] = dz * input[i];
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)loss, enzyme_dup, w, dw, enzyme_const, input,
                    enzyme_const, target);
#endif
  return qgrad_check_objective("kernel_mlp", loss_of, NULL, w, WEIGHTS, dw,
                               analytic, qgrad_double_tolerances());
}
