// Hostile C: setjmp and longjmp (docs/ad-coverage.md, "Hostile C").
//
// A setjmp inside the differentiated function is refused at every level, in
// both modes, naming the setjmp call (REFUSE): a longjmp back to it resumes
// the forward sweep along an edge the CFG does not have, so the path the
// reverse sweep replays, the tape and the values in registers no longer
// describe what ran. Before the fix both programs below were differentiated
// silently wrong at every level (d/dx of 3 x^2 came out 3 instead of 4.2,
// and forward mode was wrong from -O1 up).
//
// A longjmp out of the differentiated function to a setjmp in the caller is
// differentiated: the gradient call does not return, as the function does
// not, and the gradients computed afterwards are right (each gradient
// starts from the tape cursor and zeroed global shadows the abandoned one
// left untouched). The abandoned gradient's tape is lost, as is any memory a
// longjmp skips the freeing of: the sanitizer tier, whose link adds
// LeakSanitizer, runs these programs with leak detection off.
//
// RUN: %clang -g -O0 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t0 -lm && env ASAN_OPTIONS=detect_leaks=0 %t0 | FileCheck %s
// RUN: %clang -g -O1 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t1 -lm && env ASAN_OPTIONS=detect_leaks=0 %t1 | FileCheck %s
// RUN: %clang -g -O2 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t2 -lm && env ASAN_OPTIONS=detect_leaks=0 %t2 | FileCheck %s
// RUN: %clang -g -O3 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t3 -lm && env ASAN_OPTIONS=detect_leaks=0 %t3 | FileCheck %s
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: qgrad-ad %t.ll -o %t.ad.ll && %clang %t.ad.ll -o %tq -lm && env ASAN_OPTIONS=detect_leaks=0 %tq | FileCheck %s
// RUN: %clang -g -O0 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf0 -lm && env ASAN_OPTIONS=detect_leaks=0 %tf0 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O1 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf1 -lm && env ASAN_OPTIONS=detect_leaks=0 %tf1 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O2 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf2 -lm && env ASAN_OPTIONS=detect_leaks=0 %tf2 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O3 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf3 -lm && env ASAN_OPTIONS=detect_leaks=0 %tf3 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -DQGRAD_CHECK_FORWARD -I%qgrad_include -S -emit-llvm %s -o %tf.ll
// RUN: qgrad-ad %tf.ll -o %tf.ad.ll && %clang %tf.ad.ll -o %tfq -lm && env ASAN_OPTIONS=detect_leaks=0 %tfq | FileCheck %s --check-prefix=FORWARD
//
// RUN: not %clang -g -O0 -DREFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O1 -DREFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O2 -DREFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O3 -DREFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -DREFUSED -I%qgrad_include -S -emit-llvm %s -o %tr.ll
// RUN: not qgrad-ad %tr.ll -o %tr.ad.ll 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O0 -DREFUSED -DFORWARD_REFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: not %clang -g -O2 -DREFUSED -DFORWARD_REFUSED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

#include <setjmp.h>

enum { N = 3 };

static jmp_buf caller;
__attribute__((noinline)) static void bail(void) { longjmp(caller, 1); }

// A global scratch value, so that a gradient abandoned half-way would leave
// something in its shadow.
static double scratch;

// (sum_i sin(p_i) p_i)^2, leaving by longjmp when the sum passes 100.
static double leaves_early(const double *p, void *ctx) {
  (void)ctx;
  double s = 0;
  for (int i = 0; i < N; ++i) {
    s += sin(p[i]) * p[i];
    if (s > 100)
      bail();
  }
  scratch = s;
  return scratch * s;
}

static void leaves_early_gradient(const double *p, double *g) {
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += sin(p[i]) * p[i];
  for (int i = 0; i < N; ++i)
    g[i] = 2.0 * s * (cos(p[i]) * p[i] + sin(p[i]));
}

// Whether the gradient (or, Forward, the tangent) of leaves_early at p left
// by longjmp.
static int left_by_longjmp(double *p, double *dp, int forward) {
  if (setjmp(caller))
    return 1;
  if (forward)
    __enzyme_fwddiff((void *)leaves_early, enzyme_dup, p, dp, enzyme_const,
                     (void *)0);
  else
    __enzyme_autodiff((void *)leaves_early, enzyme_dup, p, dp, enzyme_const,
                      (void *)0);
  return 0;
}

#ifdef REFUSED
static jmp_buf inner;
__attribute__((noinline)) static void back_to_inner(int code) {
  longjmp(inner, code);
}

// 3 y^2 with y squared before the longjmp back.
static double jumps_back(double x) {
  volatile double y = x;
  // REFUSE-DAG: setjmp-longjmp.c:[[@LINE+1]]:7: in function 'jumps_back': '_setjmp' returns twice (setjmp): a longjmp back into the differentiated function would bypass the record of the path its gradient replays
  if (setjmp(inner) == 0) {
    y = y * y;
    back_to_inner(1);
  }
  return y * 3.0;
}

// sin(x) x^3 by three longjmps back to a local jmp_buf.
static double loops_by_longjmp(double x) {
  jmp_buf local;
  volatile double y = sin(x);
  volatile int n = 0;
  // REFUSE-DAG: setjmp-longjmp.c:[[@LINE+1]]:7: in function 'loops_by_longjmp': '_setjmp' returns twice (setjmp): a longjmp back into the differentiated function would bypass the record of the path its gradient replays
  if (setjmp(local) < 3) {
    y = y * x;
    ++n;
    longjmp(local, n);
  }
  return y;
}
// REFUSE-DAG: instruction: {{.*}}call i32 @_setjmp(
// REFUSE-DAG: note: call setjmp outside the differentiated function, or report errors through return values
#endif

int main(void) {
  QgradCheckReport report = qgrad_report_start("setjmp-longjmp");
  QgradTolerances tol = qgrad_double_tolerances();
  double p[N] = {0.5, 0.25, 2.0}, analytic[N];
  qgrad_opaque_array(p, N);
  leaves_early_gradient(p, analytic);
  for (int k = 0; k < 3; ++k) {
    // sin(102) 102 > 100: the first term leaves.
    double big[N] = {102, 102, 102}, dbig[N] = {1, 0, 0};
    qgrad_expect_near(&report, "left by longjmp",
                      left_by_longjmp(big, dbig, /*forward=*/0), 1, 0);
    qgrad_expect_near(&report, "forward left by longjmp",
                      left_by_longjmp(big, dbig, /*forward=*/1), 1, 0);
    double g[N] = {0};
    __enzyme_autodiff((void *)leaves_early, enzyme_dup, p, g, enzyme_const,
                      (void *)0);
    qgrad_expect_gradient(&report, "after longjmp", leaves_early, NULL, p, N, g,
                          analytic, tol);
  }
#ifdef REFUSED
  double x = qgrad_opaque(0.7);
  printf("%g %g\n", __enzyme_autodiff((void *)jumps_back, x),
         __enzyme_autodiff((void *)loops_by_longjmp, x));
#ifdef FORWARD_REFUSED
  printf("%g %g\n", __enzyme_fwddiff((void *)jumps_back, x, 1.0),
         __enzyme_fwddiff((void *)loops_by_longjmp, x, 1.0));
#endif
#endif
  return qgrad_report_finish(&report);
}

// CHECK: setjmp-longjmp: PASS: 0 of 33 checks failed (AD vs analytic vs finite differences)
// FORWARD: setjmp-longjmp: PASS: 0 of 42 checks failed (AD vs analytic vs finite differences, and forward mode)
