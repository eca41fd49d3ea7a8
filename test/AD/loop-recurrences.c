// Indices, addresses and trip counts in counted loops are recurrences of the
// loops' iteration numbers (scalar evolution): the reverse sweep evaluates
// them instead of saving them. Here nothing else needs saving either (the
// squared entries are reloaded from unchanged argument memory), so the
// gradient pushes nothing on the tape, although the inner trip count and
// every address depend on the outer iteration.
// RUN: %clang -O2 -Xclang -disable-llvm-passes -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: qgrad-ad --no-postopt %t.ll -o %t.ad.ll
// RUN: FileCheck --check-prefix=IR %s < %t.ad.ll
// RUN: %clang -O2 -I%qgrad_include -fpass-plugin=%plugin %s -o %t && %t | FileCheck %s
// RUN: %clang -O0 -I%qgrad_include -fpass-plugin=%plugin %s -o %t0 && %t0 | FileCheck %s
#include <qgrad/AD/enzyme.h>
#include <stdio.h>

// IR: define internal void @__qgrad_grad_triangle(
// IR-NOT: __qgrad_tape_reserve
// IR: ret void

// s(A) = sum_{i<n} sum_{i<=j<n} w_j A[i n + j]^2, so dA[i n + j] = 2 w_j A
// for j >= i and 0 below the diagonal.
__attribute__((noinline)) static double triangle(const double *a,
                                                 const double *w, int n) {
  double sum = 0.0;
  for (int i = 0; i < n; ++i)
    for (int j = i; j < n; ++j)
      sum += w[j] * a[i * n + j] * a[i * n + j];
  return sum;
}

int main(void) {
  enum { N = 5 };
  double a[N * N], da[N * N] = {0}, w[N];
  for (int k = 0; k < N * N; ++k)
    a[k] = 0.25 * k - 1.0;
  for (int j = 0; j < N; ++j)
    w[j] = 1.0 + j;
  __enzyme_autodiff((void *)triangle, enzyme_dup, a, da, enzyme_const, w,
                    enzyme_const, N);
  int wrong = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      double expected = j >= i ? 2.0 * w[j] * a[i * N + j] : 0.0;
      if (da[i * N + j] != expected) {
        printf("da[%d][%d] = %g, expected %g\n", i, j, da[i * N + j],
               expected);
        wrong = 1;
      }
    }
  // CHECK: checked 25 entries: ok
  printf("checked %d entries: %s\n", N * N, wrong ? "WRONG" : "ok");
  return wrong;
}
