// Hostile C: the bits of active doubles as integers (docs/ad-coverage.md,
// "Hostile C"): memcpy into a uint64_t and back, union type punning, the
// sign bit tested, flipped and cleared, bits kept in an integer global, and
// the fast inverse square root's integer arithmetic.
//
// What the engine does, by configuration:
// - a round trip through a uint64_t (memcpy or a union), a test of the
//   sign bit, and the bits kept in a uint64_t global by one helper and read
//   back by another: differentiated at every level, in both modes (before
//   the fix, the global's memcpy at -O0 and its double store at -O1 and up
//   left it without a shadow: -O0 refused the store, and -O1, -O2, -O3 and
//   qgrad-ad silently lost the derivative through it, 1.4 for 2.8);
// - the sign bit flipped or cleared: -O1, -O2, -O3 and qgrad-ad
//   differentiate them (the optimiser turns the bit operations into fneg
//   and fabs); -O0 refuses them, naming the bitcast (REFUSE-O0);
// - integer arithmetic on the bits (the fast inverse square root's magic
//   constant, an ulp step) is refused at every level (REFUSE).
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
// Bit operations the optimiser rewrites (OPTIMISED).
// RUN: %clang -g -O1 -DOPTIMISED -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %to1 -lm && %to1 | FileCheck %s --check-prefix=OPTIMISED
// RUN: %clang -g -O2 -DOPTIMISED -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %to2 -lm && %to2 | FileCheck %s --check-prefix=OPTIMISED
// RUN: %clang -g -O3 -DOPTIMISED -Wall -Wextra -Werror -I%qgrad_include -fpass-plugin=%plugin %s -o %to3 -lm && %to3 | FileCheck %s --check-prefix=OPTIMISED
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -DOPTIMISED -I%qgrad_include -S -emit-llvm %s -o %to.ll
// RUN: qgrad-ad %to.ll -o %to.ad.ll && %clang %to.ad.ll -o %toq -lm && %toq | FileCheck %s --check-prefix=OPTIMISED
// RUN: %clang -g -O1 -DOPTIMISED -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tof1 -lm && %tof1 | FileCheck %s --check-prefix=OPTFWD
// RUN: %clang -g -O2 -DOPTIMISED -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tof2 -lm && %tof2 | FileCheck %s --check-prefix=OPTFWD
// RUN: %clang -g -O3 -DOPTIMISED -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin %s -o %tof3 -lm && %tof3 | FileCheck %s --check-prefix=OPTFWD
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -DOPTIMISED -DQGRAD_CHECK_FORWARD -I%qgrad_include -S -emit-llvm %s -o %tof.ll
// RUN: qgrad-ad %tof.ll -o %tof.ad.ll && %clang %tof.ad.ll -o %tofq -lm && %tofq | FileCheck %s --check-prefix=OPTFWD
// RUN: not %clang -g -O0 -DOPTIMISED -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE-O0
// RUN: not %clang -g -O0 -DOPTIMISED -DQGRAD_CHECK_FORWARD -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REFUSE-O0
//
// Integer arithmetic on the bits (REFUSED), in both modes.
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

#include <stdint.h>

#if !defined(OPTIMISED) && !defined(REFUSED)
// x^2 after a round trip of x through a uint64_t.
static double memcpy_round_trip(double x) {
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  double y;
  memcpy(&y, &u, sizeof y);
  return y * y;
}

// The same through a union.
static double union_round_trip(double x) {
  union {
    double d;
    uint64_t u;
  } p;
  p.d = x;
  uint64_t bits = p.u;
  p.u = bits;
  return p.d * sin(p.d);
}

// The sign bit only steers a branch: |x| x.
static double sign_bit_branch(double x) {
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  return (u >> 63) ? -x * x : x * x;
}

// The bits kept in an integer global by one helper, read back by another.
static uint64_t stashed_bits;
__attribute__((noinline)) static void stash(double v) {
  memcpy(&stashed_bits, &v, sizeof v);
}
__attribute__((noinline)) static double unstash(void) {
  double v;
  memcpy(&v, &stashed_bits, sizeof v);
  return v;
}

// 2 x^2.
static double through_integer_global(double x) {
  stash(2.0 * x);
  return unstash() * x;
}
#endif

#ifdef OPTIMISED
// y = -x by flipping the sign bit; y x + sin(y).
static double flip_sign(double x) {
  uint64_t u;
  // REFUSE-O0-DAG: float-bits.c:[[@LINE+1]]:3: in function 'flip_sign': an active floating-point value is reinterpreted as an integer, which the engine cannot differentiate
  memcpy(&u, &x, sizeof u);
  u ^= UINT64_C(1) << 63;
  double y;
  memcpy(&y, &u, sizeof y);
  return y * x + sin(y);
}

// |x| by clearing the sign bit, through a union: 3 |x|.
static double clear_sign(double x) {
  union {
    double d;
    uint64_t u;
  } p;
  p.d = x;
  // REFUSE-O0-DAG: float-bits.c:[[@LINE+1]]:7: in function 'clear_sign': an active floating-point value is reinterpreted as an integer, which the engine cannot differentiate
  p.u &= ~(UINT64_C(1) << 63);
  return 3.0 * p.d;
}

// REFUSE-O0-DAG: instruction: {{.*}}bitcast double %{{[0-9]+}} to i64
#endif

#ifdef REFUSED
// The fast inverse square root: the integer step has a derivative the
// engine cannot know (piecewise linear in the bits), and giving it none
// would be wrong.
static float fast_rsqrt(float x) {
  float half = 0.5f * x;
  int32_t i;
  // REFUSE-DAG: float-bits.c:[[@LINE+1]]:3: in function 'fast_rsqrt': an active floating-point value is reinterpreted as an integer, which the engine cannot differentiate
  memcpy(&i, &x, sizeof i);
  i = 0x5f3759df - (i >> 1);
  float y;
  memcpy(&y, &i, sizeof y);
  return y * (1.5f - half * y * y);
}

// The next double up, by stepping the bits.
static double next_up(double x) {
  uint64_t u;
  // REFUSE-DAG: float-bits.c:[[@LINE+1]]:3: in function 'next_up': an active floating-point value is reinterpreted as an integer, which the engine cannot differentiate
  memcpy(&u, &x, sizeof u);
  u += 1;
  double y;
  memcpy(&y, &u, sizeof y);
  return y * x;
}
// REFUSE-DAG: instruction: {{.*}}bitcast float %{{[0-9]+}} to i32
// REFUSE-DAG: instruction: {{.*}}bitcast double %{{[0-9]+}} to i64
// REFUSE-DAG: note: keep floating-point data in floating-point types
float __enzyme_autodiff_float(void *, ...);
float __enzyme_fwddiff_float(void *, ...);
#endif

int main(void) {
  QgradCheckReport report = qgrad_report_start("float-bits");
  QgradTolerances tol = qgrad_double_tolerances();
  double x = qgrad_opaque(0.7), negative = qgrad_opaque(-0.7);
#ifdef OPTIMISED
  qgrad_expect_unary(&report, "flip_sign", flip_sign, x,
                     __enzyme_autodiff((void *)flip_sign, x),
                     -2.0 * x - cos(x), tol);
  qgrad_expect_unary(&report, "clear_sign", clear_sign, negative,
                     __enzyme_autodiff((void *)clear_sign, negative), -3.0,
                     tol);
#elif defined(REFUSED)
  printf("%g %g\n", (double)__enzyme_autodiff_float((void *)fast_rsqrt, 2.0f),
         __enzyme_autodiff((void *)next_up, x));
#ifdef FORWARD_REFUSED
  printf("%g %g\n",
         (double)__enzyme_fwddiff_float((void *)fast_rsqrt, 2.0f, 1.0f),
         __enzyme_fwddiff((void *)next_up, x, 1.0));
#endif
#else
  qgrad_expect_unary(&report, "memcpy_round_trip", memcpy_round_trip, x,
                     __enzyme_autodiff((void *)memcpy_round_trip, x), 2.0 * x,
                     tol);
  qgrad_expect_unary(&report, "union_round_trip", union_round_trip, x,
                     __enzyme_autodiff((void *)union_round_trip, x),
                     sin(x) + x * cos(x), tol);
  qgrad_expect_unary(&report, "sign_bit_branch", sign_bit_branch, x,
                     __enzyme_autodiff((void *)sign_bit_branch, x), 2.0 * x,
                     tol);
  qgrad_expect_unary(&report, "sign_bit_branch", sign_bit_branch, negative,
                     __enzyme_autodiff((void *)sign_bit_branch, negative),
                     -2.0 * negative, tol);
  qgrad_expect_unary(&report, "through_integer_global", through_integer_global,
                     x, __enzyme_autodiff((void *)through_integer_global, x),
                     4.0 * x, tol);
#endif
  return qgrad_report_finish(&report);
}

// CHECK: float-bits: PASS: 0 of 15 checks failed (AD vs analytic vs finite differences)
// FORWARD: float-bits: PASS: 0 of 20 checks failed (AD vs analytic vs finite differences, and forward mode)
// OPTIMISED: float-bits: PASS: 0 of 6 checks failed (AD vs analytic vs finite differences)
// OPTFWD: float-bits: PASS: 0 of 8 checks failed (AD vs analytic vs finite differences, and forward mode)
