// Hessians by forward over reverse (QGRAD_DEFINE_HESSIAN of check.h: one
// __enzyme_fwddiff of the reverse-mode gradient per column) of Rosenbrock
// and softmax cross-entropy against their closed forms, and of a small
// neural network and a Gaussian mixture's log-likelihood against central
// differences of the gradient; every Hessian also against those differences
// and for symmetry.
// RUN: %clang -O0 -I%qgrad_include -fpass-plugin=%plugin %s -o %t0 -lm && %t0
// RUN: %clang -O1 -I%qgrad_include -fpass-plugin=%plugin %s -o %t1 -lm && %t1
// RUN: %clang -O2 -I%qgrad_include -fpass-plugin=%plugin %s -o %t2 -lm && %t2
// RUN: %clang -O3 -I%qgrad_include -fpass-plugin=%plugin %s -o %t3 -lm && %t3
// RUN: %clang -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: qgrad-ad %t.ll -o %t.ad.ll && %clang %t.ad.ll -o %tad -lm && %tad
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { Rosen = 4, Classes = 4, Inputs = 3, Hidden = 4, Points = 5 };

// sum_i 100 (x_{i+1} - x_i^2)^2 + (1 - x_i)^2
static double rosenbrock(const double *x, void *ctx) {
  (void)ctx;
  double s = 0;
  for (int i = 0; i + 1 < Rosen; ++i) {
    double a = x[i + 1] - x[i] * x[i], b = 1.0 - x[i];
    s += 100.0 * a * a + b * b;
  }
  return s;
}

// -log softmax(z)[label], label in ctx
static double cross_entropy(const double *z, void *ctx) {
  int label = *(const int *)ctx;
  double m = z[0];
  for (int i = 1; i < Classes; ++i)
    m = fmax(m, z[i]);
  double s = 0;
  for (int i = 0; i < Classes; ++i)
    s += exp(z[i] - m);
  return log(s) + m - z[label];
}

// sum over a fixed batch of (w2 . tanh(W1 x + b1) - y)^2, parameters
// {W1 (Hidden x Inputs), b1, w2}
static const double Batch[2][Inputs + 1] = {{0.5, -1.0, 0.3, 0.8},
                                            {-0.2, 0.7, 1.1, -0.4}};
enum { NetParams = Hidden * Inputs + 2 * Hidden };
static double network(const double *p, void *ctx) {
  (void)ctx;
  const double *w1 = p, *b1 = p + Hidden * Inputs, *w2 = b1 + Hidden;
  double loss = 0;
  for (int s = 0; s < 2; ++s) {
    double out = 0;
    for (int h = 0; h < Hidden; ++h) {
      double a = b1[h];
      for (int i = 0; i < Inputs; ++i)
        a += w1[h * Inputs + i] * Batch[s][i];
      out += w2[h] * tanh(a);
    }
    double r = out - Batch[s][Inputs];
    loss += r * r;
  }
  return loss;
}

// log sum_k alpha_k N(x_p; mu_k, 1) over points in 2-D, two components:
// parameters {alpha logits (2), mu (2 x 2)}
static const double Data[Points][2] = {
    {0.1, 0.3}, {-0.5, 0.8}, {1.2, -0.4}, {0.0, -1.0}, {0.7, 0.7}};
enum { MixParams = 6 };
static double mixture(const double *p, void *ctx) {
  (void)ctx;
  double norm = log(exp(p[0]) + exp(p[1]));
  double total = 0;
  for (int n = 0; n < Points; ++n) {
    double terms[2];
    for (int k = 0; k < 2; ++k) {
      double dx = Data[n][0] - p[2 + 2 * k], dy = Data[n][1] - p[3 + 2 * k];
      terms[k] = p[k] - norm - 0.5 * (dx * dx + dy * dy);
    }
    double m = fmax(terms[0], terms[1]);
    total += m + log(exp(terms[0] - m) + exp(terms[1] - m));
  }
  return total;
}

QGRAD_DEFINE_HESSIAN(rosenbrock_hessian, rosenbrock)
QGRAD_DEFINE_HESSIAN(cross_entropy_hessian, cross_entropy)
QGRAD_DEFINE_HESSIAN(network_hessian, network)
QGRAD_DEFINE_HESSIAN(mixture_hessian, mixture)

static void expect_hessian(QgradCheckReport *report, const char *what,
                           qgrad_gradient_function gradient, void *ctx,
                           const double *x, size_t n, const double *h,
                           const double *closed) {
  size_t bad = qgrad_check_hessian(gradient, ctx, x, n, h, 1e-5, 1e-6);
  qgrad_record(report, bad == 0, what, 0, (double)bad, 0.0,
               "entries off the central differences:", 0.0);
  for (size_t k = 0; k < n * n; ++k) {
    size_t i = k / n, j = k % n;
    qgrad_record(report, qgrad_relatively_near(h[k], h[j * n + i], 1e-12),
                 what, k, h[k], h[j * n + i], "transposed entry", 1e-12);
    if (closed)
      qgrad_record(report, qgrad_relatively_near(h[k], closed[k], 1e-12), what,
                   k, h[k], closed[k], "closed form", 1e-12);
  }
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("hessians");

  double x[Rosen] = {-1.2, 1.0, 0.4, 0.9}, h[Rosen * Rosen];
  qgrad_opaque_array(x, Rosen);
  rosenbrock_hessian(x, Rosen, NULL, h);
  double closed[Rosen * Rosen] = {0};
  for (int i = 0; i + 1 < Rosen; ++i) {
    closed[i * Rosen + i] += 1200.0 * x[i] * x[i] - 400.0 * x[i + 1] + 2.0;
    closed[(i + 1) * Rosen + i + 1] += 200.0;
    closed[i * Rosen + i + 1] = closed[(i + 1) * Rosen + i] = -400.0 * x[i];
  }
  expect_hessian(&report, "rosenbrock", rosenbrock_hessian_gradient, NULL, x,
                 Rosen, h, closed);

  double z[Classes] = {0.3, -1.1, 2.0, 0.5}, hz[Classes * Classes];
  int label = 2;
  qgrad_opaque_array(z, Classes);
  cross_entropy_hessian(z, Classes, &label, hz);
  double p[Classes], sum = 0, ce[Classes * Classes];
  for (int i = 0; i < Classes; ++i)
    sum += p[i] = exp(z[i]);
  for (int i = 0; i < Classes; ++i)
    p[i] /= sum;
  for (int i = 0; i < Classes; ++i) // diag(p) - p p^T
    for (int j = 0; j < Classes; ++j)
      ce[i * Classes + j] = (i == j ? p[i] : 0.0) - p[i] * p[j];
  expect_hessian(&report, "cross-entropy", cross_entropy_hessian_gradient,
                 &label, z, Classes, hz, ce);

  double w[NetParams], hw[NetParams * NetParams];
  for (int i = 0; i < NetParams; ++i)
    w[i] = qgrad_opaque(0.3 * sin(1.7 * i + 0.4));
  network_hessian(w, NetParams, NULL, hw);
  expect_hessian(&report, "network", network_hessian_gradient, NULL, w,
                 NetParams, hw, NULL);

  double m[MixParams] = {0.2, -0.3, 0.5, 0.1, -0.4, -0.6},
         hm[MixParams * MixParams];
  qgrad_opaque_array(m, MixParams);
  mixture_hessian(m, MixParams, NULL, hm);
  expect_hessian(&report, "mixture", mixture_hessian_gradient, NULL, m,
                 MixParams, hm, NULL);
  return qgrad_report_finish(&report);
}
