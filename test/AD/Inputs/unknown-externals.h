// The functions of diag-unknown-{reverse,forward,split}.c: each calls an
// unknown external function with an active argument of another shape (a
// float whose result is used or only the call's side effects, a pointer to
// active memory: an argument, a local buffer, a struct holding it; a
// variadic call; a function declared const; a call in a noinline helper).
// The CHECK lines are the errors every mode must report; the tests give this
// file to FileCheck.
#include <qgrad/AD/enzyme.h>

extern double scalar(double);
extern double unused(double);
extern void pointer(double *);
extern void buffer(const double *);
typedef struct {
  double *p;
} Holder;
extern void holder(Holder *);
extern void variadic(const char *, ...);
extern double constant(double) __attribute__((const));
extern double helped(double);

static double f_scalar(double x) {
  // CHECK-DAG: unknown-externals.h:[[@LINE+1]]:{{[0-9]+}}: in function 'f_scalar': call to unknown external function 'scalar' with an active argument
  return scalar(x) * x;
}
static double f_unused(double x) {
  // CHECK-DAG: unknown-externals.h:[[@LINE+1]]:{{[0-9]+}}: in function 'f_unused': call to unknown external function 'unused' with an active argument
  (void)unused(x);
  return x * x;
}
static double f_pointer(double *x) {
  // CHECK-DAG: unknown-externals.h:[[@LINE+1]]:{{[0-9]+}}: in function 'f_pointer': call to unknown external function 'pointer' with an active argument
  pointer(x);
  return x[0] * x[0];
}
static double f_buffer(double x) {
  double b[2] = {x, 2 * x};
  // CHECK-DAG: unknown-externals.h:[[@LINE+1]]:{{[0-9]+}}: in function 'f_buffer': call to unknown external function 'buffer' with an active argument
  buffer(b);
  return b[0] * x;
}
static double f_holder(double *x) {
  Holder h = {x};
  // CHECK-DAG: unknown-externals.h:[[@LINE+1]]:{{[0-9]+}}: in function 'f_holder': call to unknown external function 'holder' with an active argument
  holder(&h);
  return x[0] * x[0];
}
static double f_variadic(double x) {
  // CHECK-DAG: unknown-externals.h:[[@LINE+1]]:{{[0-9]+}}: in function 'f_variadic': call to unknown external function 'variadic' with an active argument
  variadic("%g", x);
  return x * x;
}
static double f_constant(double x) {
  // CHECK-DAG: unknown-externals.h:[[@LINE+1]]:{{[0-9]+}}: in function 'f_constant': call to unknown external function 'constant' with an active argument
  return constant(x) + x;
}
__attribute__((noinline)) static double helper(double x) {
  // CHECK-DAG: unknown-externals.h:[[@LINE+1]]:{{[0-9]+}}: in function 'helper': call to unknown external function 'helped' with an active argument
  return helped(x) + 1.0;
}
static double f_helper(double x) { return helper(x) * x; }
