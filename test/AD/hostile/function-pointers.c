// Hostile C: function pointers chosen at run time, called inside the
// differentiated function (docs/ad-coverage.md, "Hostile C").
//
// Differentiated at every level, in both modes: a pointer chosen at run time
// that only computes an integer (a loop count) sees no active data and runs
// as it is. Refused at every level, in both modes, with the call's location:
// an active argument passed through a pointer given as an argument
// (REFUSE-ARG) or read from a table the program rewrites (REFUSE-TABLE), and
// a call through such a table of functions that read an active global,
// although nothing active is passed (REFUSE-GLOBAL; before the fix that
// call was run as it is and the gradient through the global was silently 0).
//
// RUN: %clang -g -O0 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t0 -lm && %t0 | FileCheck %s
// RUN: %clang -g -O1 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t1 -lm && %t1 | FileCheck %s
// RUN: %clang -g -O2 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t2 -lm && %t2 | FileCheck %s
// RUN: %clang -g -O3 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t3 -lm && %t3 | FileCheck %s
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: qgrad-ad %t.ll -o %t.ad.ll && %clang %t.ad.ll -o %tq -lm && %tq | FileCheck %s
// Forward mode: check.h differentiates every checked function with
// __enzyme_fwddiff too.
// RUN: %clang -g -O0 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf0 -lm && %tf0 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O1 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf1 -lm && %tf1 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O2 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf2 -lm && %tf2 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O3 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf3 -lm && %tf3 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -DQGRAD_CHECK_FORWARD -I%qgrad_include -S -emit-llvm %s -o %tf.ll
// RUN: qgrad-ad %tf.ll -o %tf.ad.ll && %clang %tf.ad.ll -o %tfq -lm && %tfq | FileCheck %s --check-prefix=FORWARD
//
// The refused calls, in reverse mode (REFUSED) and forward mode (FWDREFUSED).
// RUN: not %clang -g -O0 -DREFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O1 -DREFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O2 -DREFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O3 -DREFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -DREFUSED -I%qgrad_include -S -emit-llvm %s -o %tr.ll
// RUN: not qgrad-ad %tr.ll -o %tr.ad.ll 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O0 -DFWDREFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O2 -DFWDREFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -DFWDREFUSED -I%qgrad_include -S -emit-llvm %s -o %tfr.ll
// RUN: not qgrad-ad %tfr.ll -o %tfr.ad.ll 2>&1 | FileCheck %s --check-prefix=REFUSE
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

typedef double (*Stage)(double);
typedef int (*Count)(int);

static int twice(int n) { return 2 * n; }
static int thrice(int n) { return 3 * n; }

// A table the program rewrites at run time (not constant: the engine cannot
// resolve calls through it to direct calls).
static Count counts[2] = {twice, thrice};

// sum_{i < counts[k](2)} x^2 / (i + 1): the pointer decides an integer only.
static double power_sum(double x, int k) {
  double s = 0;
  int n = counts[k](2);
  for (int i = 0; i < n; ++i)
    s += x * x / (i + 1);
  return s;
}

static int which = 1;
static double power_sum_chosen(double x) { return power_sum(x, which); }

#if defined(REFUSED) || defined(FWDREFUSED)
static double square(double v) { return v * v; }
static double shifted_sine(double v) { return sin(v) + 0.5; }
static Stage stages[2] = {square, shifted_sine};

static double apply(double x, Stage op) {
  // REFUSE-DAG: function-pointers.c:[[@LINE+1]]:10: in function 'apply': an indirect call with active arguments cannot be differentiated
  return op(x) * x;
}

static double staged(double x, int k) {
  // REFUSE-DAG: function-pointers.c:[[@LINE+1]]:10: in function 'staged': an indirect call with active arguments cannot be differentiated
  return stages[k](x) + x;
}

// What the table's functions return depends on the active global.
static double state;
static double state_squared(void) { return state * state; }
static double state_sine(void) { return sin(state); }
static double (*readers[2])(void) = {state_squared, state_sine};

static double via_state(double x, int k) {
  state = 3.0 * x;
  // REFUSE-DAG: function-pointers.c:[[@LINE+1]]:10: in function 'via_state': an indirect call may call 'state_squared', which reads or writes an active global; the engine cannot differentiate through a call it cannot resolve
  return readers[k]();
}
// REFUSE-DAG: instruction: {{.*}}call double %
// REFUSE-DAG: note: call the function directly so the engine can see its body
#endif

int main(int argc, char **argv) {
  (void)argv;
  // Rewritten from the command line's length: unknown at compile time.
  if (argc > 5)
    counts[1] = twice;
  QgradCheckReport report = qgrad_report_start("function-pointers");
  double x = qgrad_opaque(0.8), ad = 0;
  // counts[1](2) = 6 terms: x^2 (1 + 1/2 + ... + 1/6).
  double analytic = 2.0 * x * (1.0 + 1.0 / 2 + 1.0 / 3 + 1.0 / 4 + 1.0 / 5 +
                               1.0 / 6);
  ad = __enzyme_autodiff((void *)power_sum_chosen, x);
  qgrad_expect_unary(&report, "power_sum", power_sum_chosen, x, ad, analytic,
                     qgrad_double_tolerances());
#ifdef REFUSED
  if (argc > 6) {
    stages[1] = square;
    readers[1] = state_squared;
  }
  printf("%g %g %g\n",
         __enzyme_autodiff((void *)apply, x, enzyme_const, stages[argc & 1]),
         __enzyme_autodiff((void *)staged, x, enzyme_const, argc & 1),
         __enzyme_autodiff((void *)via_state, x, enzyme_const, argc & 1));
#endif
#ifdef FWDREFUSED
  if (argc > 6) {
    stages[1] = square;
    readers[1] = state_squared;
  }
  printf("%g %g %g\n",
         __enzyme_fwddiff((void *)apply, x, 1.0, enzyme_const,
                          stages[argc & 1]),
         __enzyme_fwddiff((void *)staged, x, 1.0, enzyme_const, argc & 1),
         __enzyme_fwddiff((void *)via_state, x, 1.0, enzyme_const, argc & 1));
#endif
  return qgrad_report_finish(&report);
}

// CHECK: function-pointers: PASS: 0 of 3 checks failed (AD vs analytic vs finite differences)
// FORWARD: function-pointers: PASS: 0 of 4 checks failed (AD vs analytic vs finite differences, and forward mode)
