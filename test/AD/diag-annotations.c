// Enzyme annotations the engine does not know, or put where they do not
// apply, are located errors rather than ignored: each may change what the
// user expects of the derivative.
// RUN: not %clang -O2 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %clang -O0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %clang -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: not qgrad-ad %t.ll -o %t.out.ll 2>&1 | FileCheck %s
// Misused attributes are clang errors at their source position.
// RUN: not %clang -DMISUSE -O0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck --check-prefix=MISUSE %s
#include <qgrad/AD/enzyme.h>

#ifdef MISUSE
// MISUSE: diag-annotations.c:[[@LINE+1]]:16: error: 'enzyme_inactive' takes no arguments
__attribute__((enzyme_inactive(1))) double with_argument(double x) { return x; }
// MISUSE: diag-annotations.c:[[@LINE+1]]:16: error: 'enzyme_function_like' takes one string literal
__attribute__((enzyme_function_like)) double no_name(double x) { return x; }
// MISUSE: diag-annotations.c:[[@LINE+1]]:16: error: 'enzyme_function_like' takes one string literal
__attribute__((enzyme_function_like(3))) double not_a_string(double x) {
  return x;
}
// MISUSE: diag-annotations.c:[[@LINE+1]]:16: error: 'enzyme_sparse_accumulate' applies to functions only
__attribute__((enzyme_sparse_accumulate)) double on_a_global;
#endif

// CHECK-DAG: diag-annotations.c:[[@LINE+1]]: unsupported Enzyme annotation 'enzyme_bogus' on 'bogus'
__attribute__((annotate("enzyme_bogus"))) double bogus(double x) {
  return x * x;
}
// CHECK-DAG: diag-annotations.c:[[@LINE+1]]: 'enzyme_function_like' on 'nameless' names no function
__attribute__((annotate("enzyme_function_like"))) double nameless(double x) {
  return x * x;
}

double g(double x) {
  return __enzyme_autodiff((void *)bogus, x) +
         __enzyme_autodiff((void *)nameless, x);
}
