// Hostile C: volatile loads and stores of active values (docs/ad-coverage.md,
// "Hostile C"): a volatile local read twice, volatile accesses through a
// pointer to the input, a volatile accumulator in a loop, and a volatile
// global. The optimiser keeps every volatile access, so at each level the
// engine sees them as loads and stores of memory. Differentiated at every
// level, in both modes.
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

// t = x^2 in a volatile slot, read twice: t sin(t).
static double volatile_local(double x) {
  volatile double t = x * x;
  double a = t;
  double b = t;
  return a * sin(b);
}

// v[1] = 3 v[0]; v[0] = v[1] v[0]; returns v[0] + v[1] = 3 x0^2 + 3 x0
// (x1 is overwritten, so its derivative is 0), all through volatile
// accesses of the input.
static double volatile_input(const double *x, void *ctx) {
  (void)ctx;
  double copy[2] = {x[0], x[1]};
  volatile double *v = copy;
  v[1] = v[0] * 3.0;
  double r = v[1] * v[0];
  v[0] = r;
  return v[0] + v[1];
}

// acc = sum_{i=1..4} i x, in a volatile accumulator; returns acc^2.
static double volatile_accumulator(double x) {
  volatile double acc = 0;
  for (int i = 1; i <= 4; ++i)
    acc = acc + x * i;
  return acc * acc;
}

// A volatile global holding an active value: g = x^2, then g x.
static volatile double shared;
static double volatile_global(double x) {
  shared = x * x;
  return shared * x;
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("volatile");
  QgradTolerances tol = qgrad_double_tolerances();
  double x = qgrad_opaque(0.7), t = x * x;
  qgrad_expect_unary(&report, "volatile_local", volatile_local, x,
                     __enzyme_autodiff((void *)volatile_local, x),
                     2.0 * x * (sin(t) + t * cos(t)), tol);
  double xs[2] = {x, 0.25}, g[2] = {0, 0};
  double analytic[2] = {6.0 * x + 3.0, 0.0};
  qgrad_opaque_array(xs, 2);
  __enzyme_autodiff((void *)volatile_input, enzyme_dup, xs, g, enzyme_const,
                    (void *)0);
  qgrad_expect_gradient(&report, "volatile_input", volatile_input, NULL, xs, 2,
                        g, analytic, tol);
  qgrad_expect_unary(&report, "volatile_accumulator", volatile_accumulator, x,
                     __enzyme_autodiff((void *)volatile_accumulator, x),
                     200.0 * x, tol);
  qgrad_expect_unary(&report, "volatile_global", volatile_global, x,
                     __enzyme_autodiff((void *)volatile_global, x),
                     3.0 * x * x, tol);
  return qgrad_report_finish(&report);
}

// CHECK: volatile: PASS: 0 of 15 checks failed (AD vs analytic vs finite differences)
// FORWARD: volatile: PASS: 0 of 20 checks failed (AD vs analytic vs finite differences, and forward mode)
