// Vector forward mode (enzyme_width N): N directional derivatives in one
// call, each checked against one-tangent forward mode and the closed form:
// scalar results returned in registers (N = 2) and through memory (N = 4),
// output buffers with N shadows, a noinline callee with a heap temporary and
// an active global, recursion, and the whole Hessian of Rosenbrock's
// function by forward over reverse in one call of width 4.
// RUN: %clang -O0 -I%qgrad_include -fpass-plugin=%plugin %s -o %t0 -lm && %t0
// RUN: %clang -O1 -I%qgrad_include -fpass-plugin=%plugin %s -o %t1 -lm && %t1
// RUN: %clang -O2 -I%qgrad_include -fpass-plugin=%plugin %s -o %t2 -lm && %t2
// RUN: %clang -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: qgrad-ad %t.ll -o %t.ad.ll && %clang %t.ad.ll -o %tad -lm && %tad
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

typedef struct {
  double dx, dy;
} Lanes2;
typedef struct {
  double d[4];
} Lanes4;
Lanes2 __enzyme_fwddiff_lanes2(void *, ...);
Lanes4 __enzyme_fwddiff_lanes4(void *, ...);
void __enzyme_fwddiff_void(void *, ...);

enum { N = 6 };

static double binary(double x, double y) { return x * y + 1.0 / x; }

// sum_i sin(x_i) x_{i+1 mod n} + exp(x_i / 10)
static double energy(const double *x, long n) {
  double s = 0;
  for (long i = 0; i < n; ++i)
    s += sin(x[i]) * x[(i + 1) % n] + exp(0.1 * x[i]);
  return s;
}

static void energy_gradient(const double *x, long n, double *g) {
  for (long i = 0; i < n; ++i)
    g[i] = cos(x[i]) * x[(i + 1) % n] + sin(x[(i + n - 1) % n]) +
           0.1 * exp(0.1 * x[i]);
}

// Written by a noinline callee through a heap temporary; an active global
// carries a sum between calls.
static double carried;

__attribute__((noinline)) static void kernel(const double *in, double *out,
                                             long n) {
  double *t = (double *)malloc(n * sizeof(double));
  for (long i = 0; i < n; ++i)
    t[i] = in[i] * in[i];
  for (long i = 0; i < n; ++i) {
    carried += t[i];
    out[i] = tanh(t[i]) + carried;
  }
  free(t);
}

static void layer(const double *in, double *out, long n) {
  carried = 0;
  kernel(in, out, n);
}

// d out_i / d in_k = [i == k] 2 in_i (1 - tanh^2(in_i^2)) + [k <= i] 2 in_k
static double layer_jacobian(const double *in, long i, long k) {
  double t = in[i] * in[i];
  return (i == k ? 2 * in[i] * (1 - tanh(t) * tanh(t)) : 0.0) +
         (k <= i ? 2 * in[k] : 0.0);
}

__attribute__((noinline)) static double power(double x, int k) {
  return k == 0 ? 1.0 : x * power(x, k - 1);
}

static double rosenbrock(const double *x, void *ctx) {
  (void)ctx;
  double s = 0;
  for (int i = 0; i + 1 < 4; ++i) {
    double a = x[i + 1] - x[i] * x[i], b = 1.0 - x[i];
    s += 100.0 * a * a + b * b;
  }
  return s;
}

static void rosenbrock_gradient(const double *x, void *ctx, double *g) {
  for (int i = 0; i < 4; ++i)
    g[i] = 0.0;
  __enzyme_autodiff((void *)rosenbrock, enzyme_dup, x, g, enzyme_const, ctx);
}

static double rosenbrock_hessian(const double *x, int i, int j) {
  double h = 0;
  if (i == j) {
    if (i + 1 < 4)
      h += 1200 * x[i] * x[i] - 400 * x[i + 1] + 2;
    if (i > 0)
      h += 200;
  } else if (j == i + 1 || i == j + 1) {
    h = -400 * x[i < j ? i : j];
  }
  return h;
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("vector-forward");
  double x = qgrad_opaque(0.7), y = qgrad_opaque(-1.3);

  // Width 2, in registers: the gradient of a binary function in one call.
  Lanes2 b = __enzyme_fwddiff_lanes2((void *)binary, enzyme_width, 2, x, 1.0,
                                     0.0, y, 0.0, 1.0);
  qgrad_expect_near(&report, "d binary / dx", b.dx, y - 1.0 / (x * x), 1e-15);
  qgrad_expect_near(&report, "d binary / dy", b.dy, x, 1e-15);

  // Width 4, through memory: the gradient of energy in ceil(6 / 4) calls.
  double at[N], seeds[4][N], g[N];
  for (int i = 0; i < N; ++i)
    at[i] = qgrad_opaque(0.3 * i - 0.8);
  energy_gradient(at, N, g);
  for (int first = 0; first < N; first += 4) {
    memset(seeds, 0, sizeof seeds);
    for (int lane = 0; lane < 4 && first + lane < N; ++lane)
      seeds[lane][first + lane] = 1.0;
    Lanes4 d = __enzyme_fwddiff_lanes4(
        (void *)energy, enzyme_width, 4, enzyme_dup, at, seeds[0], seeds[1],
        seeds[2], seeds[3], enzyme_const, (long)N);
    for (int lane = 0; lane < 4; ++lane) {
      double want = first + lane < N ? g[first + lane] : 0.0;
      qgrad_expect_near(&report, "d energy / dx", d.d[lane], want, 1e-13);
      if (first + lane < N)
        qgrad_expect_near(
            &report, "width 4 = width 1", d.d[lane],
            __enzyme_fwddiff((void *)energy, enzyme_dup, at, seeds[lane],
                             enzyme_const, (long)N),
            1e-15);
    }
  }

  // Width 3 with output buffers: three Jacobian-vector products of layer.
  double in[N], out[N], dir[3][N], dout[3][N];
  for (int i = 0; i < N; ++i) {
    in[i] = qgrad_opaque(0.2 * i - 0.4);
    for (int lane = 0; lane < 3; ++lane)
      dir[lane][i] = qgrad_opaque(lane == 0 ? 1.0 : (lane + 1) * 0.1 * i - 0.3);
  }
  memset(dout, 0, sizeof dout);
  __enzyme_fwddiff_void((void *)layer, enzyme_width, 3, enzyme_dup, in, dir[0],
                        dir[1], dir[2], enzyme_dupnoneed, out, dout[0], dout[1],
                        dout[2], enzyme_const, (long)N);
  for (int lane = 0; lane < 3; ++lane)
    for (int i = 0; i < N; ++i) {
      double want = 0;
      for (int k = 0; k < N; ++k)
        want += layer_jacobian(in, i, k) * dir[lane][k];
      qgrad_expect_near(&report, "d layer . v", dout[lane][i], want, 1e-13);
    }
  qgrad_expect_near(&report, "layer's primal",
                    out[N - 1] - tanh(in[N - 1] * in[N - 1]),
                    ({
                      double s = 0;
                      for (int k = 0; k < N; ++k)
                        s += in[k] * in[k];
                      s;
                    }),
                    1e-15);

  // Recursion: a wide callee calls itself.
  Lanes2 p = __enzyme_fwddiff_lanes2((void *)power, enzyme_width, 2, x, 1.0,
                                     2.0, enzyme_const, 5);
  qgrad_expect_near(&report, "d x^5, lane 1", p.dx, 5 * pow(x, 4), 1e-14);
  qgrad_expect_near(&report, "d x^5, lane 2", p.dy, 10 * pow(x, 4), 1e-14);

  // Forward over reverse, width 4: Rosenbrock's whole Hessian in one call.
  double r[4] = {qgrad_opaque(-1.2), qgrad_opaque(1.0), qgrad_opaque(0.5),
                 qgrad_opaque(0.25)};
  double unit[4][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
  double grad[4], hess[4][4];
  memset(hess, 0, sizeof hess);
  __enzyme_fwddiff_void((void *)rosenbrock_gradient, enzyme_width, 4,
                        enzyme_dup, r, unit[0], unit[1], unit[2], unit[3],
                        enzyme_const, (void *)0, enzyme_dup, grad, hess[0],
                        hess[1], hess[2], hess[3]);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      qgrad_expect_near(&report, "rosenbrock hessian", hess[j][i],
                        rosenbrock_hessian(r, i, j), 1e-13);
  return qgrad_report_finish(&report);
}
