// The program of exceptions.test (C++ exceptions inside and out of the
// differentiated function); the checks of its refusals are below, next to
// the code they locate.
// enzyme.h first: its extern "C" declarations must come before those that
// check.h repeats for forward mode.
#include <qgrad/AD/enzyme.h>

#include <qgrad/AD/check.h>

#include <stdexcept>

__attribute__((noinline)) static void check(bool ok) {
  if (!ok)
    throw std::runtime_error("out of range");
}

__attribute__((noinline)) static double checked_sqrt(double v) {
  if (v < 0)
    throw std::domain_error("negative");
  return std::sqrt(v);
}

// sin(x) x, or x^2 when x > 1, where the path through the handler is taken
// by throwing an int inside the function.
static double throws_inside(double x) {
  double y;
  try {
    if (x > 1.0)
      throw 42;
    y = std::sin(x) * x;
  } catch (int) {
    y = x * x;
  }
  return y;
}

// x^3, or -x^2 when a helper that sees no active data throws.
static double helper_throws(double x) {
  double y = x * x;
  try {
    check(x < 1.0);
    y = y * x;
  } catch (const std::exception &) {
    y = -y;
  }
  return y;
}

// sum_{i < 7} sin(x (i + 1)), the terms whose helper throws replaced by
// (x (i + 1))^2 in the handler, inside the loop.
static double caught_in_loop(double x) {
  double s = 0;
  for (int i = 0; i < 7; ++i) {
    double t = x * (i + 1);
    try {
      check(i % 3 != 0);
      s += std::sin(t);
    } catch (const std::runtime_error &) {
      s += t * t;
    }
  }
  return s;
}

static double caught_in_loop_derivative(double x) {
  double d = 0;
  for (int i = 0; i < 7; ++i) {
    double t = x * (i + 1);
    d += (i % 3 != 0 ? std::cos(t) : 2.0 * t) * (i + 1);
  }
  return d;
}

// sqrt(x - 1) x + x^2; below x = 1 the exception leaves the differentiated
// function (through the callee's augmented forward, a plain call) and
// reaches the caller of __enzyme_autodiff.
static double escapes(double x) { return checked_sqrt(x - 1.0) * x + x * x; }

#if defined(REFUSED) || defined(FORWARD_REFUSED)
// An invoke of a callee that sees active data: its augmented forward would
// have to leave the tape balanced when it unwinds half-way.
static double invokes_active(double x) {
  try {
    // REFUSE: exceptions.cpp:[[@LINE+1]]:12: in function 'invokes_active(double)': a call that may unwind (invoke) with active arguments cannot be differentiated
    return checked_sqrt(x) * x;
    // REFUSE-NEXT: instruction: {{.*}}invoke {{.*}}double @_ZL12checked_sqrtd(double
    // REFUSE-NEXT: to label
    // REFUSE-NEXT: note: mark the callee noexcept or compile with -fno-exceptions
  } catch (const std::domain_error &) {
    return -x;
  }
}
#endif

int main() {
  QgradCheckReport report = qgrad_report_start("exceptions");
  QgradTolerances tol = qgrad_double_tolerances();
  double x = qgrad_opaque(0.7), big = qgrad_opaque(1.5);
  qgrad_expect_unary(&report, "throws_inside", throws_inside, x,
                     __enzyme_autodiff((void *)throws_inside, x),
                     std::cos(x) * x + std::sin(x), tol);
  qgrad_expect_unary(&report, "throws_inside thrown", throws_inside, big,
                     __enzyme_autodiff((void *)throws_inside, big), 2.0 * big,
                     tol);
  qgrad_expect_unary(&report, "helper_throws", helper_throws, x,
                     __enzyme_autodiff((void *)helper_throws, x),
                     3.0 * x * x, tol);
  qgrad_expect_unary(&report, "helper_throws thrown", helper_throws, big,
                     __enzyme_autodiff((void *)helper_throws, big), -2.0 * big,
                     tol);
  qgrad_expect_unary(&report, "caught_in_loop", caught_in_loop, x,
                     __enzyme_autodiff((void *)caught_in_loop, x),
                     caught_in_loop_derivative(x), tol);
  double two = qgrad_opaque(2.0);
  for (int k = 0; k < 3; ++k) {
    bool caught = false;
    try {
      __enzyme_autodiff((void *)escapes, x);
    } catch (const std::domain_error &) {
      caught = true;
    }
    qgrad_expect_near(&report, "escaped to the caller", caught, 1, 0);
#ifdef QGRAD_CHECK_FORWARD
    caught = false;
    try {
      __enzyme_fwddiff((void *)escapes, x, 1.0);
    } catch (const std::domain_error &) {
      caught = true;
    }
    qgrad_expect_near(&report, "forward escaped to the caller", caught, 1, 0);
#endif
    // After the abandoned gradients, the tape and shadows are as before.
    qgrad_expect_unary(&report, "escapes", escapes, two,
                       __enzyme_autodiff((void *)escapes, two),
                       0.5 / std::sqrt(two - 1.0) * two +
                           std::sqrt(two - 1.0) + 2.0 * two,
                       tol);
  }
#ifdef REFUSED
  std::printf("%g\n", __enzyme_autodiff((void *)invokes_active, x));
#endif
#ifdef FORWARD_REFUSED
  std::printf("%g\n", __enzyme_fwddiff((void *)invokes_active, x, 1.0));
#endif
  return qgrad_report_finish(&report);
}
