// A global named enzyme_* that the engine does not know is an error, not an
// ordinary argument: before, enzyme_foo became the value of h's first
// integer parameter and the call compiled to a silently wrong gradient.
// RUN: not %clang -g -O0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %clang -g -O2 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: not qgrad-ad %t.ll -o %t.out.ll 2>&1 | FileCheck %s
#include <qgrad/AD/enzyme.h>

extern int enzyme_foo, enzyme_context, enzyme_scalar, enzyme_width;

static double h(int k, int n, double x) { return k * n * x * x; }
static double with_context(void *ctx, double x) { return ctx ? x * x : x; }
static double sum(const double *x) { return x[0] + x[1]; }

double unknown_int(double x) {
  return __enzyme_autodiff((void *)h, enzyme_foo, 3, x);
}

double unknown_pointer(void *ctx, double x) {
  return __enzyme_autodiff((void *)with_context, enzyme_context, ctx, x);
}

void unknown_shadow(double *x) {
  __enzyme_autodiff((void *)sum, enzyme_dup, x, (void *)&enzyme_scalar);
}

double known_unsupported(double x) {
  return __enzyme_autodiff((void *)h, enzyme_width, 2, 3, x);
}

// CHECK-DAG: diag-unknown-marker.c:17:10: in function 'unknown_int': unsupported marker 'enzyme_foo' for parameter 1 of 'h'
// CHECK-DAG: diag-unknown-marker.c:21:10: in function 'unknown_pointer': unsupported marker 'enzyme_context' for parameter 1 of 'with_context'
// CHECK-DAG: diag-unknown-marker.c:25:3: in function 'unknown_shadow': unsupported marker 'enzyme_scalar' in place of the shadow of parameter 1 of 'sum'
// CHECK-DAG: note: the supported markers are enzyme_const, enzyme_dup, enzyme_dupnoneed and enzyme_out
// CHECK-DAG: diag-unknown-marker.c:29:10: in function 'known_unsupported': enzyme_width (vector mode) is supported by forward mode only, not by '__enzyme_autodiff'
