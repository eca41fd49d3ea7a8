// Reverse mode (__enzyme_autodiff): a call of an unknown external function with an
// active argument is an error at every optimisation level, through the plugin
// and through qgrad-ad (on -O0 and -O2 IR, with and without its own O2 run),
// for every shape of Inputs/unknown-externals.h, which holds the expected
// errors. The engine never returns a gradient that leaves such a call out.
// RUN: not %clang -g -O0 -ferror-limit=0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %S/Inputs/unknown-externals.h
// RUN: not %clang -g -O1 -ferror-limit=0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %S/Inputs/unknown-externals.h
// RUN: not %clang -g -O2 -ferror-limit=0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %S/Inputs/unknown-externals.h
// RUN: not %clang -g -O3 -ferror-limit=0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %S/Inputs/unknown-externals.h
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: not qgrad-ad %t.ll -o %t.out.ll 2>&1 | FileCheck %S/Inputs/unknown-externals.h
// RUN: not qgrad-ad --no-preopt %t.ll -o %t.out.ll 2>&1 | FileCheck %S/Inputs/unknown-externals.h
// RUN: %clang -g -O2 -I%qgrad_include -S -emit-llvm %s -o %t.O2.ll
// RUN: not qgrad-ad %t.O2.ll -o %t.out.ll 2>&1 | FileCheck %S/Inputs/unknown-externals.h
// RUN: not qgrad-ad --no-preopt %t.O2.ll -o %t.out.ll 2>&1 | FileCheck %S/Inputs/unknown-externals.h
#include "Inputs/unknown-externals.h"

void gradients(double x, double *p, double *dp, double *out) {
  out[0] = __enzyme_autodiff((void *)f_scalar, x);
  out[1] = __enzyme_autodiff((void *)f_unused, x);
  __enzyme_autodiff((void *)f_pointer, enzyme_dup, p, dp);
  out[2] = __enzyme_autodiff((void *)f_buffer, x);
  __enzyme_autodiff((void *)f_holder, enzyme_dup, p, dp);
  out[3] = __enzyme_autodiff((void *)f_variadic, x);
  out[4] = __enzyme_autodiff((void *)f_constant, x);
  out[5] = __enzyme_autodiff((void *)f_helper, x);
}
