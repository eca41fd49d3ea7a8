// Split-mode calls that cannot work are located errors: an augmented forward
// without a tape buffer that is not declared to return the tape, a reverse
// without a tape, a caller buffer smaller than a tape.
// RUN: not %clang -g -O0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %clang -g -O2 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
#include <qgrad/AD/enzyme.h>

extern int enzyme_tape, enzyme_allocated;
void __enzyme_augmentfwd(void *, ...);
double __enzyme_reverse(void *, ...);

static double sq(double x) { return x * x; }

// CHECK-DAG: diag-split-mode.c:[[@LINE+1]]:{{[0-9]+}}: in function 'no_handle': without enzyme_tape, '__enzyme_augmentfwd' returns the tape and must be declared returning a pointer
void no_handle(double x) { __enzyme_augmentfwd((void *)sq, x); }

// CHECK-DAG: diag-split-mode.c:[[@LINE+1]]:{{[0-9]+}}: in function 'no_tape': '__enzyme_reverse' needs the tape of an __enzyme_augmentfwd call
double no_tape(double x) { return __enzyme_reverse((void *)sq, x, 1.0); }

void small(double x, char *buffer) {
  // CHECK-DAG: diag-split-mode.c:[[@LINE+1]]:{{[0-9]+}}: in function 'small': the tape buffer of 8 bytes is smaller than the 24 bytes a tape needs
  __enzyme_augmentfwd((void *)sq, enzyme_allocated, 8, enzyme_tape, buffer, x);
}
