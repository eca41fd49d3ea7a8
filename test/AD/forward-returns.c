// Forward mode returns the tangent of the function's result in the result's
// own type: a float, or a struct of floats whole (before, a struct result
// gave a silent 0.0 at a call site declared double; now that is an error).
// RUN: %clang -O0 -I%qgrad_include -fpass-plugin=%plugin %s -o %t0 -lm && %t0
// RUN: %clang -O2 -I%qgrad_include -fpass-plugin=%plugin %s -o %t2 -lm && %t2
// RUN: not %clang -DMISDECLARED -O0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: error: in function 'main': the call site expects a result of type double (1 float(s)), but the tangent of the result of 'pair' ({ double, double }) hold 2 float(s)
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

typedef struct {
  double a, b;
} Pair;
Pair __enzyme_fwddiff_pair(void *, ...);

static Pair pair(double x, double y) {
  Pair p = {sin(x) * y, x * x + exp(y)};
  return p;
}
static double first(double x) { return pair(x, 2.0).a; }
static double second(double x) { return pair(0.5, x).b; }

int main(void) {
  QgradCheckReport report = qgrad_report_start("forward-returns");
  double x = qgrad_opaque(0.5), y = qgrad_opaque(2.0);
#ifdef MISDECLARED
  double wrong = __enzyme_fwddiff((void *)pair, x, 1.0, y, 0.0);
  (void)wrong;
#endif
  Pair dx = __enzyme_fwddiff_pair((void *)pair, x, 1.0, y, 0.0);
  Pair dy = __enzyme_fwddiff_pair((void *)pair, x, 0.0, y, 1.0);
  qgrad_expect_unary(&report, "d a / d x", first, x, dx.a, cos(x) * y,
                     qgrad_double_tolerances());
  qgrad_expect_near(&report, "d b / d x", dx.b, 2.0 * x, 1e-15);
  qgrad_expect_near(&report, "d a / d y", dy.a, sin(x), 1e-15);
  qgrad_expect_unary(&report, "d b / d y", second, y, dy.b, exp(y),
                     qgrad_double_tolerances());
  return qgrad_report_finish(&report);
}
