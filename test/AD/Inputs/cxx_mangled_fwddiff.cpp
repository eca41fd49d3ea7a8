// __enzyme_fwddiff without extern "C": _Z16__enzyme_fwddiffPvdd.
double __enzyme_fwddiff(void *, double, double);
static double sq(double x) { return x * x; }
double g(double x) {
  double dx = 1.0;
  return __enzyme_fwddiff((void *)sq, x, dx);
}
