// Entry points declared in C++ without extern "C": the declarations are
// mangled (_Z17__enzyme_autodiffPvd, and one symbol per instantiation of
// the variadic template), and a marker declared in a namespace is mangled
// too (_ZN2ns10enzyme_dupE).
#include <cstdio>

#include "qgrad/AD/check.h"

extern int enzyme_const, enzyme_dup;
namespace ns {
extern int enzyme_dup;
} // namespace ns

double __enzyme_autodiff(void *, double);
template <typename... Args> double __enzyme_autodiff(void *, Args...);

static double cube(double x) { return x * x * x; }

static double weighted_squares(const double *x, void *ctx) {
  (void)ctx;
  double s = 0;
  for (int i = 0; i < 3; ++i)
    s += (i + 1) * x[i] * x[i];
  return s;
}

static double scaled_square(double c, double x) { return c * x * x; }

int main() {
  double x0 = qgrad_opaque(1.5);
  // 3 x^2 = 6.75
  std::printf("cube %.6f\n", __enzyme_autodiff((void *)cube, x0));

  double x[3] = {0.5, 1.25, -2.0}, dx[3] = {0, 0, 0};
  qgrad_opaque_array(x, 3);
  // 2 (i + 1) x_i = 1, 5, -12
  __enzyme_autodiff((void *)weighted_squares, enzyme_dup, x, dx, enzyme_const,
                    (void *)nullptr);
  std::printf("squares %.6f %.6f %.6f\n", dx[0], dx[1], dx[2]);
  double analytic[3] = {2 * x[0], 4 * x[1], 6 * x[2]};
  int bad = qgrad_check_objective("cxx_mangled_entry", weighted_squares,
                                  nullptr, x, 3, dx, analytic,
                                  qgrad_double_tolerances());

  double dy[3] = {0, 0, 0};
  __enzyme_autodiff((void *)weighted_squares, ns::enzyme_dup, x, dy,
                    enzyme_const, (void *)nullptr);
  std::printf("namespaced %.6f %.6f %.6f\n", dy[0], dy[1], dy[2]);

  // 2 c x at c = 3, x = 2
  double c = qgrad_opaque(3.0), y = qgrad_opaque(2.0);
  std::printf("scaled %.6f\n", __enzyme_autodiff((void *)scaled_square,
                                                 enzyme_const, c, y));
  return bad;
}
