// Fourth derivatives by nesting __enzyme_autodiff four deep (reverse over
// reverse over reverse over reverse), of pow(x, 5) and cos(x). Every level
// below the outermost is differentiated again, so its tape must be memory the
// next level can differentiate: with one tape shared by all levels the
// fourth derivative lost the innermost level's factor (24 x instead of
// 120 x, -cos instead of cos) without any error. Also modes mixed: forward
// over reverse over forward over forward (each function is differentiated
// only after everything its body calls was built; before, the reverse level
// met an unbuilt tangent function).
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double p0(double x) { return pow(x, 5); }
static double c0(double x) { return cos(x); }

#ifndef QGRAD_NO_AD
static double p1(double x) { return __enzyme_autodiff((void *)p0, x); }
static double p2(double x) { return __enzyme_autodiff((void *)p1, x); }
static double p3(double x) { return __enzyme_autodiff((void *)p2, x); }
static double c1(double x) { return __enzyme_autodiff((void *)c0, x); }
static double c2(double x) { return __enzyme_autodiff((void *)c1, x); }
static double c3(double x) { return __enzyme_autodiff((void *)c2, x); }
double __enzyme_fwddiff(void *, ...);
static double m1(double x) { return __enzyme_fwddiff((void *)p0, x, 1.0); }
static double m2(double x) { return __enzyme_fwddiff((void *)m1, x, 1.0); }
static double m3(double x) { return __enzyme_autodiff((void *)m2, x); }
#endif

// The third derivatives by hand: the finite differences of the fourth.
static double p3_by_hand(double x) { return 60.0 * x * x; }
static double c3_by_hand(double x) { return sin(x); }

int main(void) {
  QgradCheckReport report = qgrad_report_start("nested_fourth_order");
  const double points[] = {0.7, -1.3, 2.1};
  for (int k = 0; k < 3; ++k) {
    double x = qgrad_opaque(points[k]);
    double p4 = 0, c4 = 0;
#ifndef QGRAD_NO_AD
    qgrad_expect_near(&report, "d3 pow", p3(x), p3_by_hand(x), 1e-12);
    qgrad_expect_near(&report, "d3 cos", c3(x), c3_by_hand(x), 1e-12);
    p4 = __enzyme_autodiff((void *)p3, x);
    c4 = __enzyme_autodiff((void *)c3, x);
    qgrad_expect_near(&report, "d3 pow, fwd-fwd-rev", m3(x), p3_by_hand(x),
                      1e-12);
    qgrad_expect_near(&report, "d4 pow, fwd-fwd-rev-fwd",
                      __enzyme_fwddiff((void *)m3, x, 1.0), 120.0 * x, 1e-12);
#endif
    qgrad_expect_unary(&report, "d4 pow", p3_by_hand, x, p4, 120.0 * x,
                       qgrad_double_tolerances());
    qgrad_expect_unary(&report, "d4 cos", c3_by_hand, x, c4, cos(x),
                       qgrad_double_tolerances());
  }
  return qgrad_report_finish(&report);
}
