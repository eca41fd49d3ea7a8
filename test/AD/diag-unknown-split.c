// Split mode (__enzyme_augmentfwd, then __enzyme_reverse): a call of an unknown external function with an
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

extern int enzyme_tape, enzyme_allocated;
void __enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);

// Each forward sweep leaves its tape in the caller's buffer, and the reverse
// sweep after it takes it back.
#define SPLIT(fn, ...)                                                         \
  __enzyme_augmentfwd((void *)fn, enzyme_allocated, 4096, enzyme_tape, tape,   \
                      __VA_ARGS__);                                            \
  __enzyme_reverse((void *)fn, enzyme_allocated, 4096, enzyme_tape, tape,      \
                   __VA_ARGS__, 1.0)

void split_gradients(double x, double *p, double *dp, char *tape) {
  SPLIT(f_scalar, x);
  SPLIT(f_unused, x);
  SPLIT(f_pointer, enzyme_dup, p, dp);
  SPLIT(f_buffer, x);
  SPLIT(f_holder, enzyme_dup, p, dp);
  SPLIT(f_variadic, x);
  SPLIT(f_constant, x);
  SPLIT(f_helper, x);
}
