// Hostile C: active globals (docs/ad-coverage.md, "Hostile C"). A global
// double written from the input and read back, and a global array used as
// scratch, with the reads and writes in noinline helpers that take no
// arguments at all, so that nothing active is passed to them.
//
// Differentiated at every level, in both modes. Before the fix, a call of
// a helper that receives no active data was run as it is: its use of the
// global carried no derivative, and the gradients were silently wrong at
// every level (d/dx of the squared global came out 1 instead of 2x, the
// reader's and the scratch array's 0). The scratch array also found two
// older gaps, fixed with it: at -O0 and -O1 the reverse sweep recomputed the
// shadow address of `scratch[i]` from the primal global (wrong gradients),
// and at -O1 and up a loop copying the input into it became a memcpy into
// a global without a shadow (a silent 0). Each program is differentiated
// three times in a row, so a shadow left over from one gradient would show
// in the next.
//
// RUN: %clang -g -O0 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t0 -lm && %t0 | FileCheck %s
// RUN: %clang -g -O1 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t1 -lm && %t1 | FileCheck %s
// RUN: %clang -g -O2 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t2 -lm && %t2 | FileCheck %s
// RUN: %clang -g -O3 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t3 -lm && %t3 | FileCheck %s
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: qgrad-ad %t.ll -o %t.ad.ll && %clang %t.ad.ll -o %tq -lm && %tq | FileCheck %s
// RUN: %clang -g -O0 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf0 -lm && %tf0 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O1 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf1 -lm && %tf1 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O2 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf2 -lm && %tf2 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O3 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf3 -lm && %tf3 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -DQGRAD_CHECK_FORWARD -I%qgrad_include -S -emit-llvm %s -o %tf.ll
// RUN: qgrad-ad %tf.ll -o %tf.ad.ll && %clang %tf.ad.ll -o %tfq -lm && %tfq | FileCheck %s --check-prefix=FORWARD
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 4 };

static double value;
static double scratch[N];

__attribute__((noinline)) static void square_value(void) {
  value = value * value;
}

__attribute__((noinline)) static double sine_of_value(void) {
  return sin(value);
}

__attribute__((noinline)) static void value_into(double *out) {
  *out = value * 0.5;
}

// value = x, squared in place by the helper: x^2.
static double squared_in_place(double x) {
  value = x;
  square_value();
  return value;
}

// sin(3x), read back by a helper that gets no argument.
static double read_back(double x) {
  value = 3.0 * x;
  return sine_of_value();
}

// x^2 / 2 * x, the helper writing the global's value into a local.
static double through_local(double x) {
  double t;
  value = x * x;
  value_into(&t);
  return t * x;
}

__attribute__((noinline)) static double scratch_energy(void) {
  double e = 0;
  for (int i = 0; i < N; ++i)
    e += scratch[i] * scratch[i] * (i + 1);
  return e;
}

// scratch_i = x_i * x_{i+1 mod N}; sum_i (i + 1) scratch_i^2.
static double scratch_objective(const double *x, void *ctx) {
  (void)ctx;
  for (int i = 0; i < N; ++i)
    scratch[i] = x[i] * x[(i + 1) % N];
  return scratch_energy();
}

static void scratch_gradient(const double *x, double *g) {
  for (int i = 0; i < N; ++i)
    g[i] = 0;
  for (int i = 0; i < N; ++i) {
    int j = (i + 1) % N;
    double s = x[i] * x[j];
    g[i] += 2.0 * (i + 1) * s * x[j];
    g[j] += 2.0 * (i + 1) * s * x[i];
  }
}

// scratch = x, copied by a loop that the optimiser turns into a memcpy into
// the global (-O1 and up); then sum_i (i + 1) x_i^2 by the helper.
static double copied_objective(const double *x, void *ctx) {
  (void)ctx;
  for (int i = 0; i < N; ++i)
    scratch[i] = x[i];
  return scratch_energy();
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("active-globals");
  QgradTolerances tol = qgrad_double_tolerances();
  double x = qgrad_opaque(0.7);
  double xs[N] = {0.5, -1.25, 0.75, 2.0}, analytic[N];
  qgrad_opaque_array(xs, N);
  scratch_gradient(xs, analytic);
  for (int call = 0; call < 3; ++call) {
    qgrad_expect_unary(&report, "squared_in_place", squared_in_place, x,
                       __enzyme_autodiff((void *)squared_in_place, x),
                       2.0 * x, tol);
    qgrad_expect_unary(&report, "read_back", read_back, x,
                       __enzyme_autodiff((void *)read_back, x),
                       3.0 * cos(3.0 * x), tol);
    qgrad_expect_unary(&report, "through_local", through_local, x,
                       __enzyme_autodiff((void *)through_local, x),
                       1.5 * x * x, tol);
    double g[N] = {0};
    __enzyme_autodiff((void *)scratch_objective, enzyme_dup, xs, g,
                      enzyme_const, (void *)0);
    qgrad_expect_gradient(&report, "scratch_objective", scratch_objective,
                          NULL, xs, N, g, analytic, tol);
    double c[N] = {0}, copied[N];
    for (int i = 0; i < N; ++i)
      copied[i] = 2.0 * (i + 1) * xs[i];
    __enzyme_autodiff((void *)copied_objective, enzyme_dup, xs, c,
                      enzyme_const, (void *)0);
    qgrad_expect_gradient(&report, "copied_objective", copied_objective, NULL,
                          xs, N, c, copied, tol);
  }
  return qgrad_report_finish(&report);
}

// CHECK: active-globals: PASS: 0 of 99 checks failed (AD vs analytic vs finite differences)
// FORWARD: active-globals: PASS: 0 of 132 checks failed (AD vs analytic vs finite differences, and forward mode)
