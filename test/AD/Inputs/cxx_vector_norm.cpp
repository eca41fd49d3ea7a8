// A C++ program: the entry point is called through invoke (main has
// cleanups for the vectors), so lowering must leave a branch behind.
#include <cmath>
#include <cstdio>
#include <vector>
#include "qgrad/AD/enzyme.h"
static double norm(const double *v, int n) { double s = 0; for (int i = 0; i < n; ++i) s += v[i] * v[i]; return std::sqrt(s); }
int main() {
  std::vector<double> v{3, 4}, dv(2, 0.0);
  __enzyme_autodiff((void *)norm, v.data(), dv.data(), enzyme_const, 2);
  std::printf("%g %g\n", dv[0], dv[1]);
}
