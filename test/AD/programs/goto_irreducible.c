// Irreducible control flow built with goto: a loop of two blocks entered at
// either block, chosen by a run-time flag.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

__attribute__((noinline)) static double f(double x, int enter_second) {
  double s = x;
  int steps = 0;
  if (enter_second)
    goto second;
first:
  s = s * x;
  if (++steps >= 5)
    goto done;
second:
  s = s + sin(s) * 0.5;
  if (++steps < 6)
    goto first;
done:
  return s;
}

/* The same walk in forward mode by hand: (s, ds/dx) through each block. */
static double analytic_derivative(double x, int enter_second) {
  double s = x, ds = 1.0;
  int steps = 0, in_first = !enter_second;
  for (;;) {
    if (in_first) {
      ds = ds * x + s;
      s = s * x;
      if (++steps >= 5)
        return ds;
    } else {
      ds = ds + cos(s) * 0.5 * ds;
      s = s + sin(s) * 0.5;
      if (++steps >= 6)
        return ds;
    }
    in_first = !in_first;
  }
}

static int entry;

static double f_from_entry(double x) { return f(x, entry); }

int main(void) {
  QgradCheckReport report = qgrad_report_start("goto_irreducible");
  double x = qgrad_opaque(0.9);
  for (entry = 0; entry < 2; ++entry) {
    int flag = (int)qgrad_opaque_long(entry);
    double ad = 0;
#ifndef QGRAD_NO_AD
    ad = __enzyme_autodiff((void *)f, x, flag);
#endif
    qgrad_expect_unary(&report, entry ? "entered second" : "entered first",
                       f_from_entry, x, ad, analytic_derivative(x, flag),
                       qgrad_double_tolerances());
  }
  return qgrad_report_finish(&report);
}
