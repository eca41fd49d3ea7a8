// Split reverse mode: __enzyme_augmentfwd runs the forward sweep and leaves
// its tape in a handle; __enzyme_reverse takes it later and returns the
// derivatives, as __enzyme_autodiff would. Checked against central
// differences: a Jacobian row by row from one tape in a caller buffer,
// reversed with three seeds (enzyme_nofree keeps it for the next one); a
// heap handle carried across calls through a struct; a 3000-iteration loop
// whose tape spans chunks; and a callee with a registered custom gradient
// inside the split function. Both calls take the same arguments and shadow
// buffers (the seed values may differ).
// RUN: %clang -O0 -I%qgrad_include -fpass-plugin=%plugin %s -o %t0 -lm && %t0
// RUN: %clang -O1 -I%qgrad_include -fpass-plugin=%plugin %s -o %t1 -lm && %t1
// RUN: %clang -O2 -I%qgrad_include -fpass-plugin=%plugin %s -o %t2 -lm && %t2
// RUN: %clang -O3 -I%qgrad_include -fpass-plugin=%plugin %s -o %t3 -lm && %t3
// RUN: %clang -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: qgrad-ad %t.ll -o %t.ad.ll && %clang %t.ad.ll -o %tad -lm && %tad
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

extern int enzyme_tape, enzyme_allocated, enzyme_nofree;
int __enzyme_augmentsize(void *, ...);
void __enzyme_augmentfwd(void *, ...);
void *__enzyme_augmentfwd_handle(void *, ...);
void __enzyme_reverse(void *, ...);
double __enzyme_reverse_scalar(void *, ...);

enum { N = 3, Long = 3000 };

// u_i = x_i^2 + 2 x_0 - x_1 + 5 sin(x_2) x_i
static void field(double *u, const double *x, int n) {
  for (int i = 0; i < n; ++i)
    u[i] = x[i] * x[i] + 2 * x[0] - x[1] + 5 * sin(x[2]) * x[i];
}

static double component; // which u_i the objective below returns
static double field_component(const double *x, void *ctx) {
  (void)ctx;
  double u[N];
  field(u, x, N);
  return u[(int)component];
}

// sum_i sin(a x_i) * a over a data-dependent trip count
static double scaled(double a, const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += sin(a * x[i % N] + 1e-3 * i);
  return s * a;
}
static const double *scaled_x;
static double scaled_of_a(double a) { return scaled(a, scaled_x, Long); }

// A callee whose derivative only its registered rule knows.
static double (*volatile hidden_exp)(double) = exp;
__attribute__((noinline)) double opaque_exp(double x) { return hidden_exp(x); }
typedef struct {
  void *tape;
  double primal;
} Augmented;
Augmented opaque_exp_augmented(double x) {
  double e = opaque_exp(x);
  double *kept = malloc(sizeof *kept);
  *kept = e;
  Augmented result = {kept, e};
  return result;
}
double opaque_exp_reverse(double x, double d, void *tape) {
  (void)x;
  double e = *(double *)tape;
  free(tape);
  return d * e;
}
__attribute__((used)) void *__enzyme_register_gradient_opaque_exp[3] = {
    (void *)opaque_exp, (void *)opaque_exp_augmented,
    (void *)opaque_exp_reverse};
static double with_custom(double a) { return opaque_exp(a * a) * a; }

// The heap handle travels to the reverse through a struct and a call.
typedef struct {
  void *tape;
} Pending;
__attribute__((noinline)) static double finish(Pending *p, double a,
                                               const double *x, double *dx) {
  return __enzyme_reverse_scalar((void *)scaled, enzyme_tape, p->tape, a, x,
                                 dx, enzyme_const, Long, 1.0);
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("split-mode");
  double x[N] = {0.74, 0.50, 0.098}, u[N];
  qgrad_opaque_array(x, N);
  int size = __enzyme_augmentsize((void *)field, enzyme_dup, enzyme_dup,
                                  enzyme_const);
  qgrad_expect_near(&report, "tape size", size, 24, 0);
  char *buffer = malloc((size_t)size);
  double du[N], g[N];
  __enzyme_augmentfwd((void *)field, enzyme_allocated, size, enzyme_tape,
                      buffer, u, du, x, g, enzyme_const, N);
  for (int row = 0; row < N; ++row) {
    for (int k = 0; k < N; ++k) {
      du[k] = k == row;
      g[k] = 0.0;
    }
    if (row + 1 < N)
      __enzyme_reverse((void *)field, enzyme_allocated, size, enzyme_tape,
                       buffer, enzyme_nofree, u, du, x, g, enzyme_const, N);
    else // the last reverse frees the tape's memory
      __enzyme_reverse((void *)field, enzyme_allocated, size, enzyme_tape,
                       buffer, u, du, x, g, enzyme_const, N);
    component = row;
    char what[32];
    snprintf(what, sizeof what, "jacobian row %d", row);
    qgrad_expect_gradient(&report, what, field_component, NULL, x, N, g, g,
                          qgrad_double_tolerances());
  }
  free(buffer);

  double a = qgrad_opaque(0.7), dx[N] = {0};
  Pending pending = {__enzyme_augmentfwd_handle((void *)scaled, a, x, dx,
                                                enzyme_const, Long)};
  double da = finish(&pending, a, x, dx);
  scaled_x = x;
  qgrad_expect_unary(&report, "heap handle, long loop", scaled_of_a, a, da, da,
                     qgrad_double_tolerances());

  void *custom = __enzyme_augmentfwd_handle((void *)with_custom, a);
  double dc = __enzyme_reverse_scalar((void *)with_custom, enzyme_tape, custom,
                                      a, 1.0);
  qgrad_expect_unary(&report, "custom gradient inside", with_custom, a, dc,
                     exp(a * a) * (2 * a * a + 1), qgrad_double_tolerances());
  return qgrad_report_finish(&report);
}
