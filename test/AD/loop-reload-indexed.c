// Gather through an index table, as bundle adjustment does: the index is
// loaded from unchanged memory, so the reverse sweep loads it again, and with
// it the address and the entry it selects (recomputed integer arithmetic and
// addresses, reloads through them), although the entry is used in an inner
// loop, not in the block that loads it. The products the derivatives need
// are recomputed too, so the gradient pushes nothing.
// RUN: %clang -O2 -Xclang -disable-llvm-passes -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: qgrad-ad --no-postopt %t.ll -o %t.ad.ll
// RUN: FileCheck --check-prefix=IR %s < %t.ad.ll
// RUN: %clang -O2 -I%qgrad_include -fpass-plugin=%plugin %s -o %t -lm && %t | FileCheck %s
// RUN: %clang -O0 -I%qgrad_include -fpass-plugin=%plugin %s -o %t0 -lm && %t0 | FileCheck %s
#include <math.h>
#include <qgrad/AD/enzyme.h>
#include <stdio.h>

// IR: define internal void @__qgrad_grad_gather(
// IR-NOT: __qgrad_tape_reserve
// IR: ret void

// s(a) = sum_i sum_{j < m} w[j] x_i^2 with x_i = a[idx[3 i + 1] * 2], so
// da[k] = sum over the i that select k of 2 a[k] (w[0] + ... + w[m - 1]).
__attribute__((noinline)) static double gather(const double *a,
                                               const double *w,
                                               const int *idx, int n, int m) {
  double sum = 0.0;
  for (int i = 0; i < n; ++i) {
    double x = a[idx[3 * i + 1] * 2];
    for (int j = 0; j < m; ++j)
      sum += w[j] * x * x;
  }
  return sum;
}

int main(void) {
  enum { N = 6, A = 10, M = 3 };
  int idx[3 * N];
  double a[A], da[A] = {0}, expected[A] = {0}, w[N];
  for (int k = 0; k < A; ++k)
    a[k] = 0.5 * k - 2.0;
  for (int i = 0; i < N; ++i) {
    idx[3 * i] = -1;
    idx[3 * i + 1] = (7 * i + 3) % (A / 2);
    idx[3 * i + 2] = -1;
    w[i] = 1.0 + 0.25 * i;
  }
  double weights = w[0] + w[1] + w[2];
  for (int i = 0; i < N; ++i) {
    int k = idx[3 * i + 1] * 2;
    expected[k] += 2.0 * a[k] * weights;
  }
  __enzyme_autodiff((void *)gather, enzyme_dup, a, da, enzyme_const, w,
                    enzyme_const, idx, enzyme_const, N, enzyme_const, M);
  int wrong = 0;
  for (int k = 0; k < A; ++k)
    if (fabs(da[k] - expected[k]) > 1e-12 * fabs(expected[k])) {
      printf("da[%d] = %g, expected %g\n", k, da[k], expected[k]);
      wrong = 1;
    }
  // CHECK: checked 10 entries: ok
  printf("checked %d entries: %s\n", A, wrong ? "WRONG" : "ok");
  return wrong;
}
