// __enzyme_augmentfwd without extern "C": _Z19__enzyme_augmentfwdPvd.
void *__enzyme_augmentfwd(void *, double);
static double sq(double x) { return x * x; }
void *g(double x) {
  double y = x + 1.0;
  return __enzyme_augmentfwd((void *)sq, y);
}
