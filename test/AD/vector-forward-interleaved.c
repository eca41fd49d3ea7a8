// Vector forward mode keeps the N lanes of the engine's own shadow blocks
// interleaved when only loads, stores, address arithmetic and free touch
// them (InterleavedLanes.cpp), and a block per lane otherwise. Each lane of
// widths 3, 8 and 64 must equal one-tangent forward mode along the same
// direction: heap temporaries of doubles and of floats, a pointer walking a
// block, a select and a phi between addresses of one block, a constant byte
// offset, a block of two-double structs, blocks cleared by memset or copied
// by memcpy into each other, a pointer moving from one block to another;
// and temporaries that escape into a noinline callee, are copied into the
// user's buffer, hold fields of two sizes or share a select with a block
// that escapes (a block per lane).
// RUN: %clang -O0 -I%qgrad_include -fpass-plugin=%plugin %s -o %t0 -lm && %t0
// RUN: %clang -O1 -I%qgrad_include -fpass-plugin=%plugin %s -o %t1 -lm && %t1
// RUN: %clang -O2 -I%qgrad_include -fpass-plugin=%plugin %s -o %t2 -lm && %t2
// RUN: %clang -O3 -march=native -I%qgrad_include -fpass-plugin=%plugin \
// RUN:   %s -o %t3 -lm && %t3
// RUN: %clang -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S \
// RUN:   -emit-llvm %s -o %t.ll
// RUN: qgrad-ad %t.ll -o %t.ad.ll && %clang %t.ad.ll -o %tad -lm && %tad
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

void __enzyme_fwddiff_void(void *, ...);

enum { N = 9 };

typedef struct {
  double scale, shift;
} Affine;
typedef struct {
  double d;
  float w;
} Mixed;

__attribute__((noinline)) static void twice(double *v, long n) {
  for (long i = 0; i < n; ++i)
    v[i] = 2.0 * v[i] + sin(v[i]);
}

// out_i from heap temporaries that each exercise one shape of address.
static void kernel(const double *x, double *out, long n) {
  double *t = (double *)malloc(n * sizeof(double));
  float *f = (float *)malloc(n * sizeof(float));
  Affine *a = (Affine *)malloc(n * sizeof(Affine));
  double *escapes = (double *)malloc(n * sizeof(double));
  Mixed *mixed = (Mixed *)malloc(n * sizeof(Mixed));
  double *src = (double *)malloc(n * sizeof(double));
  double *copy = (double *)malloc(n * sizeof(double));
  double *zero = (double *)malloc(n * sizeof(double));
  double *next = (double *)malloc(n * sizeof(double));
  double *staged = (double *)malloc(n * sizeof(double));
  double *beside = (double *)malloc(n * sizeof(double));
  memset(zero, 0, n * sizeof(double));
  double *p = t; // a pointer walking the block
  for (long i = 0; i < n; ++i) {
    *p++ = x[i] * x[i];
    f[i] = (float)(x[i] / 3.0);
    a[i].scale = exp(0.1 * x[i]);
    a[i].shift = x[(i + 1) % n];
    escapes[i] = x[i];
    mixed[i].d = x[i] - 0.5;
    mixed[i].w = (float)x[i];
    src[i] = cos(x[i]);
    zero[i] += x[i] * x[(i + 2) % n];
  }
  for (long i = 0; i < n; ++i) {
    staged[i] = x[i] * x[n - 1 - i];
    beside[i] = sqrt(1.0 + x[i] * x[i]);
  }
  twice(escapes, n);
  memcpy(copy, src, n * sizeof(double));
  // A pointer that reads one block, then another: a phi of both.
  double *cur = zero;
  for (int round = 0; round < 2; ++round) {
    for (long i = 0; i < n; ++i)
      next[i] = cur[i] * x[i] + 0.25;
    cur = next;
  }
  double *last = t + (n - 1);
  for (long i = 0; i < n; ++i) {
    double *pick = (i & 1) ? last : t + i;      // a select within the block
    double *second = (double *)((char *)t + 8); // a constant byte offset
    out[i] = *pick * f[i] + a[i].scale * a[i].shift + escapes[i] * *second +
             mixed[i].d * mixed[i].w + copy[i] + cur[i];
    out[i] += ((i & 1) ? beside : escapes)[i]; // with the escaping block
  }
  // Into the user's buffer, whose lanes are separate: a block per lane.
  long half = n / 2;
  memcpy(out, staged, half * sizeof(double));
  for (long i = 0; i < half; ++i)
    out[i] += staged[n - 1 - i];
  free(t);
  free(f);
  free(a);
  free(escapes);
  free(mixed);
  free(src);
  free(copy);
  free(zero);
  free(next);
  free(staged);
  free(beside);
}

static void check_width(QgradCheckReport *report, const double *x, int width) {
  double *dirs = (double *)malloc(sizeof(double) * 64 * N);
  double *douts = (double *)calloc(64 * N, sizeof(double));
  double out[N], dout1[N];
  for (int lane = 0; lane < width; ++lane)
    for (int i = 0; i < N; ++i)
      dirs[lane * N + i] = qgrad_opaque(0.1 * (lane + 1) * (i - 4) + 0.05);
#define D(l) dirs + (l) * N
#define O(l) douts + (l) * N
  if (width == 3)
    __enzyme_fwddiff_void((void *)kernel, enzyme_width, 3, enzyme_dup, x, D(0),
                          D(1), D(2), enzyme_dupnoneed, out, O(0), O(1), O(2),
                          enzyme_const, (long)N);
  if (width == 8)
    __enzyme_fwddiff_void((void *)kernel, enzyme_width, 8, enzyme_dup, x, D(0),
                          D(1), D(2), D(3), D(4), D(5), D(6), D(7),
                          enzyme_dupnoneed, out, O(0), O(1), O(2), O(3), O(4),
                          O(5), O(6), O(7), enzyme_const, (long)N);
#define D8(b)                                                                  \
  D(b), D(b + 1), D(b + 2), D(b + 3), D(b + 4), D(b + 5), D(b + 6), D(b + 7)
#define O8(b)                                                                  \
  O(b), O(b + 1), O(b + 2), O(b + 3), O(b + 4), O(b + 5), O(b + 6), O(b + 7)
  if (width == 64)
    __enzyme_fwddiff_void((void *)kernel, enzyme_width, 64, enzyme_dup, x,
                          D8(0), D8(8), D8(16), D8(24), D8(32), D8(40), D8(48),
                          D8(56), enzyme_dupnoneed, out, O8(0), O8(8), O8(16),
                          O8(24), O8(32), O8(40), O8(48), O8(56), enzyme_const,
                          (long)N);
  for (int lane = 0; lane < width; ++lane) {
    memset(dout1, 0, sizeof dout1);
    __enzyme_fwddiff_void((void *)kernel, enzyme_dup, x, D(lane),
                          enzyme_dupnoneed, out, dout1, enzyme_const, (long)N);
    for (int i = 0; i < N; ++i)
      qgrad_expect_near(report, "lane = one tangent", douts[lane * N + i],
                        dout1[i], 1e-15);
  }
  free(dirs);
  free(douts);
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("vector-forward-interleaved");
  double x[N];
  for (int i = 0; i < N; ++i)
    x[i] = qgrad_opaque(0.3 * i - 1.1);
  check_width(&report, x, 3);
  check_width(&report, x, 8);
  check_width(&report, x, 64);
  return qgrad_report_finish(&report);
}
