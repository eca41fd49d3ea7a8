// Third derivatives by nesting, of a function whose loop needs a tape (its
// trip count is data). Each inner gradient keeps its tape in chunks of its
// own that the next level differentiates like any heap memory. Before, the
// second level failed inside __qgrad_tape_reserve ("pointer has no shadow").
// RUN: %clang -O0 -I%qgrad_include -fpass-plugin=%plugin %s -o %t0 -lm && %t0
// RUN: %clang -O1 -I%qgrad_include -fpass-plugin=%plugin %s -o %t1 -lm && %t1
// RUN: %clang -O2 -I%qgrad_include -fpass-plugin=%plugin %s -o %t2 -lm && %t2
// RUN: %clang -O3 -I%qgrad_include -fpass-plugin=%plugin %s -o %t3 -lm && %t3
// RUN: %clang -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: qgrad-ad %t.ll -o %t.ad.ll && %clang %t.ad.ll -o %tad -lm && %tad
// A short loop keeps every tape in its first chunk.
// RUN: %clang -DTRIPS=5 -O2 -I%qgrad_include -fpass-plugin=%plugin %s -o %t5 -lm && %t5
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

// Enough iterations that every level's tape spans several chunks.
#ifndef TRIPS
#define TRIPS 400
#endif
static volatile int trips = TRIPS;

// s_i = s_{i-1} (1 + sin(i x)) / 2 + sin(i x)
static double f(double x) {
  double s = 0;
  int n = trips;
  for (int i = 1; i <= n; ++i)
    s = s * (0.5 + 0.5 * sin(i * x)) + sin(i * x);
  return s;
}

static double d1(double x) { return __enzyme_autodiff((void *)f, x); }
static double d2(double x) { return __enzyme_autodiff((void *)d1, x); }
static double d3(double x) { return __enzyme_autodiff((void *)d2, x); }

// Value and first three derivatives of the recurrence, carried by hand.
typedef struct {
  double v, d1, d2, d3;
} Jet;

static Jet by_hand(double x) {
  Jet s = {0, 0, 0, 0};
  for (int k = 1; k <= trips; ++k) {
    double i = k, a = sin(i * x), a1 = i * cos(i * x),
           a2 = -i * i * sin(i * x), a3 = -i * i * i * cos(i * x);
    Jet m = {0.5 + 0.5 * a, 0.5 * a1, 0.5 * a2, 0.5 * a3};
    Jet p = {s.v * m.v, s.d1 * m.v + s.v * m.d1,
             s.d2 * m.v + 2 * s.d1 * m.d1 + s.v * m.d2,
             s.d3 * m.v + 3 * s.d2 * m.d1 + 3 * s.d1 * m.d2 + s.v * m.d3};
    s = (Jet){p.v + a, p.d1 + a1, p.d2 + a2, p.d3 + a3};
  }
  return s;
}
static double first_by_hand(double x) { return by_hand(x).d1; }
static double second_by_hand(double x) { return by_hand(x).d2; }

int main(void) {
  QgradCheckReport report = qgrad_report_start("nested-tape");
  double x = qgrad_opaque(0.7);
  qgrad_expect_unary(&report, "d1", f, x, d1(x), by_hand(x).d1,
                     qgrad_double_tolerances());
  qgrad_expect_unary(&report, "d2", first_by_hand, x, d2(x), by_hand(x).d2,
                     qgrad_double_tolerances());
  qgrad_expect_unary(&report, "d3", second_by_hand, x, d3(x), by_hand(x).d3,
                     qgrad_double_tolerances());
  return qgrad_report_finish(&report);
}
