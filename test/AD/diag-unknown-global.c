// An unknown external function that is passed no active argument can still
// reach active data through a global that other modules can name (or whose
// address leaves the module): `touch()` below may double x[0] through
// `shared`. Before, the engine skipped such a call and returned a silently
// wrong gradient (4 x instead of 8 x when touch doubles x[0]); now it is an
// error in every mode, at every optimisation level, also for a pure function
// (it may read x[0] through `shared`). A global only this module can reach
// does not count, nor does a const function (it reads no memory).
// RUN: not %clang -g -O0 -ferror-limit=0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %clang -g -O1 -ferror-limit=0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %clang -g -O2 -ferror-limit=0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %clang -g -O3 -ferror-limit=0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: not qgrad-ad %t.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: not qgrad-ad --no-preopt %t.ll -o %t.out.ll 2>&1 | FileCheck %s
// RUN: %clang -DSAFE -O2 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o
#include <qgrad/AD/enzyme.h>

extern int enzyme_tape, enzyme_allocated;
void __enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);

#ifndef SAFE
double *shared;
extern void touch(void);
extern double peek(void) __attribute__((pure));

static double f_reverse(double *x) {
  shared = x;
  // CHECK-DAG: diag-unknown-global.c:[[@LINE+1]]:{{[0-9]+}}: in function 'f_reverse': call to unknown external function 'touch', which may read or write the global 'shared' that holds active data
  touch();
  return x[0] * x[0];
}
static double f_forward(double *x) {
  shared = x;
  // CHECK-DAG: diag-unknown-global.c:[[@LINE+1]]:{{[0-9]+}}: in function 'f_forward': call to unknown external function 'touch', which may read or write the global 'shared' that holds active data
  touch();
  return x[0] * x[0];
}
static double f_split(double *x) {
  shared = x;
  // CHECK-DAG: diag-unknown-global.c:[[@LINE+1]]:{{[0-9]+}}: in function 'f_split': call to unknown external function 'touch', which may read or write the global 'shared' that holds active data
  touch();
  return x[0] * x[0];
}
// A pure function reads memory: peek() may return shared[0].
static double f_pure(double *x) {
  shared = x;
  // CHECK-DAG: diag-unknown-global.c:[[@LINE+1]]:{{[0-9]+}}: in function 'f_pure': call to unknown external function 'peek', which may read or write the global 'shared' that holds active data
  return peek() * x[0];
}

void reverse(double *x, double *dx) {
  __enzyme_autodiff((void *)f_reverse, enzyme_dup, x, dx);
  __enzyme_autodiff((void *)f_pure, enzyme_dup, x, dx);
}
double forward(double *x, double *dx) {
  return __enzyme_fwddiff((void *)f_forward, enzyme_dup, x, dx);
}
void split(double *x, double *dx, char *tape) {
  __enzyme_augmentfwd((void *)f_split, enzyme_allocated, 64, enzyme_tape,
                      tape, enzyme_dup, x, dx);
  __enzyme_reverse((void *)f_split, enzyme_allocated, 64, enzyme_tape, tape,
                   enzyme_dup, x, dx, 1.0);
}
#else
// Nothing outside this module can reach `kept`, and `scale` reads no
// memory: the engine differentiates f as before.
static double *kept;
extern double scale(void) __attribute__((const));
extern void tick(void);

static double f(double *x) {
  kept = x;
  tick();
  return kept[0] * kept[0] * scale();
}
void reverse(double *x, double *dx) {
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx);
}
#endif
