// __enzyme_fwdsplit without extern "C": _Z17__enzyme_fwdsplitPvd.
double __enzyme_fwdsplit(void *, double);
static double sq(double x) { return x * x; }
double g(double x) {
  double y = x + 1.0;
  return __enzyme_fwdsplit((void *)sq, y);
}
