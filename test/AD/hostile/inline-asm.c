// Hostile C: inline assembly touching active values (docs/ad-coverage.md,
// "Hostile C"). x86-64 assembly.
//
// Differentiated at every level, in both modes: assembly that sees no active
// data (a compiler barrier without operands, an instruction on an integer
// loop count) runs as it is. Refused at every level, in both modes, with the
// statement's location: an empty asm that ties an active value to a
// register (the value-barrier idiom, "+x"), a real instruction (sqrtsd) on
// an active value, and an asm handed a pointer to active memory with a
// memory clobber. Before the fix the refusal called inline assembly "an
// indirect call" and told the user to call the function directly.
//
// RUN: %clang -g -O0 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t0 -lm && %t0 | FileCheck %s
// RUN: %clang -g -O1 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t1 -lm && %t1 | FileCheck %s
// RUN: %clang -g -O2 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t2 -lm && %t2 | FileCheck %s
// RUN: %clang -g -O3 -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %t3 -lm && %t3 | FileCheck %s
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: qgrad-ad %t.ll -o %t.ad.ll && %clang %t.ad.ll -o %tq -lm && %tq | FileCheck %s
// RUN: %clang -g -O0 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf0 -lm && %tf0 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O1 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf1 -lm && %tf1 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O2 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf2 -lm && %tf2 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O3 -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tf3 -lm && %tf3 | FileCheck %s --check-prefix=FORWARD
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -DQGRAD_CHECK_FORWARD -I%qgrad_include -S -emit-llvm %s -o %tf.ll
// RUN: qgrad-ad %tf.ll -o %tf.ad.ll && %clang %tf.ad.ll -o %tfq -lm && %tfq | FileCheck %s --check-prefix=FORWARD
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

// x^3 / n with a barrier and n = 3 doubled and halved by assembly.
static double inactive_asm(double x) {
  double y = x * x;
  asm volatile("" ::: "memory");
  long n = 3;
  asm("shlq %0" : "+r"(n));
  asm("shrq %0" : "+r"(n));
  return y * x / n;
}

#ifdef REFUSED
static double value_barrier(double x) {
  double v = x * x;
  // REFUSE-DAG: inline-asm.c:[[@LINE+1]]:3: in function 'value_barrier': inline assembly with active operands cannot be differentiated: the engine cannot see what it computes
  asm volatile("" : "+x"(v));
  return v * x;
}

static double asm_sqrt(double x) {
  double r;
  // REFUSE-DAG: inline-asm.c:[[@LINE+1]]:3: in function 'asm_sqrt': inline assembly with active operands cannot be differentiated: the engine cannot see what it computes
  asm("sqrtsd %1, %0" : "=x"(r) : "x"(x));
  return r * x;
}

static double asm_clobber(double *p, void *ctx) {
  (void)ctx;
  // REFUSE-DAG: inline-asm.c:[[@LINE+1]]:3: in function 'asm_clobber': inline assembly with active operands cannot be differentiated: the engine cannot see what it computes
  asm volatile("" : : "r"(p) : "memory");
  return p[0] * p[0];
}
// REFUSE-DAG: instruction: {{.*}}asm sideeffect "", "=x,0
// REFUSE-DAG: instruction: {{.*}}asm "sqrtsd $1, $0"
// REFUSE-DAG: note: compute the value in C, or move the assembly into a function with a registered custom gradient
// REFUSE-NOT: indirect call
#endif

int main(void) {
  QgradCheckReport report = qgrad_report_start("inline-asm");
  double x = qgrad_opaque(0.7);
  qgrad_expect_unary(&report, "inactive_asm", inactive_asm, x,
                     __enzyme_autodiff((void *)inactive_asm, x), x * x,
                     qgrad_double_tolerances());
#ifdef REFUSED
  double p[1] = {x}, dp[1] = {0};
  __enzyme_autodiff((void *)asm_clobber, enzyme_dup, p, dp, enzyme_const,
                    (void *)0);
  printf("%g %g %g\n", __enzyme_autodiff((void *)value_barrier, x),
         __enzyme_autodiff((void *)asm_sqrt, x), dp[0]);
#ifdef FORWARD_REFUSED
  printf("%g %g\n", __enzyme_fwddiff((void *)value_barrier, x, 1.0),
         __enzyme_fwddiff((void *)asm_sqrt, x, 1.0));
#endif
#endif
  return qgrad_report_finish(&report);
}

// CHECK: inline-asm: PASS: 0 of 3 checks failed (AD vs analytic vs finite differences)
// FORWARD: inline-asm: PASS: 0 of 4 checks failed (AD vs analytic vs finite differences, and forward mode)
