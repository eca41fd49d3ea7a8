// Hostile C: variadic functions (docs/ad-coverage.md, "Hostile C"): a
// noinline variadic helper reading doubles (or pointers to them) with
// va_arg.
//
// Differentiated at every level, in both modes: a variadic helper that only
// sees integers (a loop count) runs as it is. Refused at every level, in
// both modes, naming the call: active doubles or pointers to active memory
// passed to a variadic helper, and a variadic function given to
// __enzyme_autodiff itself. va_arg reads the values from memory the engine
// does not see (the register save area), and a gradient of the helper would
// have no parameters for them. Before the fix, -O1, -O2 and -O3 gave
// silently wrong gradients (d/dx of x^2 + x came out 1, and 0 through the
// pointers) and qgrad-ad stopped with an invalid module ("va_start called
// in a non-varargs function").
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
//
// RUN: not %clang -g -O0 -DREFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O1 -DREFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O2 -DREFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O3 -DREFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -DREFUSED -I%qgrad_include -S -emit-llvm %s -o %tr.ll
// RUN: not qgrad-ad %tr.ll -o %tr.ad.ll 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O0 -DREFUSED -DFORWARD_REFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O2 -DREFUSED -DFORWARD_REFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

#include <stdarg.h>

__attribute__((noinline)) static int int_sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}

// x^2, as 6 terms x^2 / 6, the count 1 + 2 + 3 summed by the variadic helper.
static double counted(double x) {
  int terms = int_sum(3, 1, 2, 3);
  double s = 0;
  for (int i = 0; i < terms; ++i)
    s += x * x / terms;
  return s;
}

#ifdef REFUSED
__attribute__((noinline)) static double weighted_squares(int n, ...) {
  va_list ap;
  va_start(ap, n);
  double s = 0;
  for (int i = 0; i < n; ++i) {
    double v = va_arg(ap, double);
    s += v * v * (i + 1);
  }
  va_end(ap);
  return s;
}

__attribute__((noinline)) static double squares_through(int n, ...) {
  va_list ap;
  va_start(ap, n);
  double s = 0;
  for (int i = 0; i < n; ++i) {
    const double *v = va_arg(ap, const double *);
    s += *v * *v;
  }
  va_end(ap);
  return s;
}

static double doubles(double x, double y) {
  // REFUSE-DAG: variadic.c:[[@LINE+1]]:10: in function 'doubles': 'weighted_squares' is variadic; the engine cannot differentiate the values it reads with va_arg
  return weighted_squares(2, x, sin(y)) + x;
}

static double pointers(const double *p, void *ctx) {
  (void)ctx;
  // REFUSE-DAG: variadic.c:[[@LINE+1]]:10: in function 'pointers': 'squares_through' is variadic; the engine cannot differentiate the values it reads with va_arg
  return squares_through(2, &p[0], &p[1]);
}
// REFUSE-DAG: instruction: {{.*}}call double (i32, ...) @weighted_squares(
// REFUSE-DAG: note: pass the values in an array with a count, or register a custom gradient for the function
// REFUSE-DAG: variadic.c:[[@LINE+3]]:{{[0-9]+}}: in function 'call_directly': cannot differentiate 'weighted_squares': it is variadic, and the engine cannot differentiate the values it reads with va_arg
// REFUSE-DAG: note: give it a fixed parameter list (e.g. an array and a count)
__attribute__((noinline)) static double call_directly(double x) {
  return __enzyme_autodiff((void *)weighted_squares, enzyme_const, 1, x);
}
QgradPair __enzyme_autodiff_pair(void *, ...);
#endif

int main(void) {
  QgradCheckReport report = qgrad_report_start("variadic");
  double x = qgrad_opaque(0.7);
  qgrad_expect_unary(&report, "counted", counted, x,
                     __enzyme_autodiff((void *)counted, x), 2.0 * x,
                     qgrad_double_tolerances());
#ifdef REFUSED
  double p[2] = {x, 0.3}, dp[2] = {0, 0};
  __enzyme_autodiff((void *)pointers, enzyme_dup, p, dp, enzyme_const,
                    (void *)0);
  QgradPair d = __enzyme_autodiff_pair((void *)doubles, x, 0.3);
  printf("%g %g %g %g\n", d.dx, d.dy, dp[0], call_directly(x));
#ifdef FORWARD_REFUSED
  printf("%g\n", __enzyme_fwddiff((void *)doubles, x, 1.0, 0.3, 0.0));
#endif
#endif
  return qgrad_report_finish(&report);
}

// CHECK: variadic: PASS: 0 of 3 checks failed (AD vs analytic vs finite differences)
// FORWARD: variadic: PASS: 0 of 4 checks failed (AD vs analytic vs finite differences, and forward mode)
