/*===- qgrad/AD/check.h - Compare gradients with finite differences -------===*
 *
 * A header-only gradient checker for C and C++ programs that use the AD
 * engine (qgrad/AD/enzyme.h). It answers one question: does a gradient agree
 * with central finite differences of the function it claims to differentiate?
 *
 * Quick use: write the function as an objective over an array of doubles,
 *
 *   static double energy(const double *x, void *ctx) { ... }
 *
 * compute a gradient (with __enzyme_autodiff, or by hand), then
 *
 *   size_t bad = qgrad_check_gradient(energy, NULL, x, n, grad, 0, 0);
 *
 * The call prints one line on stderr for every component that disagrees and
 * returns how many did (0 means the gradient passed). A step or tolerance of
 * 0 selects the defaults below.
 *
 * The finite difference of component i is
 *   (f(x + h e_i) - f(x - h e_i)) / (2 h),   h = step * max(1, |x_i|),
 * where 2h is taken as the difference of the two rounded probe points. It
 * agrees with the true derivative d when |fd - d| <= tol * max(1, |d|). Its
 * error is about h^2 |f'''| / 6 plus eps |f| / h, so the defaults (step 1e-6,
 * tol 1e-6) suit smooth double code whose values and third derivatives are
 * of order one. Code in float needs a larger step and a looser tolerance
 * (see qgrad_float_tolerances). Keep the point away from kinks, branches and
 * loop exits that a step of h could cross.
 *
 * Vector-valued functions: check one scalar w . F(x) at a time, where w is
 * the cotangent (the shadow seeded into an output buffer).
 *
 * Test-suite use: a QgradCheckReport counts checks and failures across one
 * program; qgrad_expect_gradient compares an AD gradient with an analytic one
 * and both with finite differences; qgrad_report_finish prints a one-line
 * summary and returns the process exit status. Building with -DQGRAD_NO_AD
 * marks a program built without the engine: the program leaves out its
 * __enzyme_autodiff calls (#ifndef QGRAD_NO_AD) and only the analytic
 * gradients are checked against finite differences.
 *===----------------------------------------------------------------------===*/
#ifndef QGRAD_AD_CHECK_H
#define QGRAD_AD_CHECK_H

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A scalar function of n doubles; ctx carries everything else it reads. */
typedef double (*qgrad_objective)(const double *x, void *ctx);

#define QGRAD_DEFAULT_FD_STEP 1e-6
#define QGRAD_DEFAULT_FD_TOL 1e-6

/* How closely derivatives must agree. */
typedef struct QgradTolerances {
  /* Relative bound between an AD and an analytic derivative. */
  double analytic_rtol;
  /* Relative finite-difference step and tolerance, as described above. */
  double fd_step;
  double fd_tol;
} QgradTolerances;

/* Double code whose math is exact: AD must match the formula to 1e-12. */
static inline QgradTolerances qgrad_double_tolerances(void) {
  QgradTolerances t = {1e-12, QGRAD_DEFAULT_FD_STEP, QGRAD_DEFAULT_FD_TOL};
  return t;
}

/* Code evaluated in float: float rounding (6e-8) divided by the step bounds
 * the difference quotient's noise, so the step is large and the tolerance
 * loose; AD runs in float while the formula runs in double. */
static inline QgradTolerances qgrad_float_tolerances(void) {
  QgradTolerances t = {1e-5, 1e-2, 2e-4};
  return t;
}

/* Hides a value from the optimizer so that -O2 cannot fold the program's
 * inputs into constants and differentiate nothing. */
static inline double qgrad_opaque(double value) {
  volatile double hidden = value;
  return hidden;
}

static inline long qgrad_opaque_long(long value) {
  volatile long hidden = value;
  return hidden;
}

static inline void qgrad_opaque_array(double *values, size_t n) {
  for (size_t i = 0; i < n; ++i)
    values[i] = qgrad_opaque(values[i]);
}

/* Zeroed scratch memory for the checker; NULL (after saying so on stderr)
 * when there is none, which the callers turn into a NaN that fails. */
static inline void *qgrad_scratch(size_t count, size_t size, const char *who) {
  void *p = calloc(count, size);
  if (!p)
    fprintf(stderr, "%s: out of memory\n", who);
  return p;
}

/* Central difference of f in component i of x. */
static inline double qgrad_central_difference(qgrad_objective f, void *ctx,
                                              const double *x, size_t n,
                                              size_t i, double step) {
  double *probe =
      (double *)qgrad_scratch(n, sizeof *probe, "qgrad_central_difference");
  if (!probe)
    return NAN;
  memcpy(probe, x, n * sizeof *probe);
  double h = step * fmax(1.0, fabs(x[i]));
  double up = x[i] + h, down = x[i] - h;
  probe[i] = up;
  double f_up = f(probe, ctx);
  probe[i] = down;
  double f_down = f(probe, ctx);
  free(probe);
  return (f_up - f_down) / (up - down);
}

/* |got - want| within rtol of |want|, or within rtol absolutely when want is
 * exactly zero. NaN never passes. */
static inline int qgrad_relatively_near(double got, double want, double rtol) {
  double scale = want == 0.0 ? 1.0 : fabs(want);
  return fabs(got - want) <= rtol * scale;
}

static inline int qgrad_fd_near(double fd, double want, double tol) {
  return fabs(fd - want) <= tol * fmax(1.0, fabs(want));
}

/* The user-facing checker: see the top of this file. */
static inline size_t qgrad_check_gradient(qgrad_objective f, void *ctx,
                                          const double *x, size_t n,
                                          const double *grad, double step,
                                          double tol) {
  if (step <= 0)
    step = QGRAD_DEFAULT_FD_STEP;
  if (tol <= 0)
    tol = QGRAD_DEFAULT_FD_TOL;
  size_t mismatches = 0;
  for (size_t i = 0; i < n; ++i) {
    double fd = qgrad_central_difference(f, ctx, x, n, i, step);
    if (qgrad_fd_near(fd, grad[i], tol))
      continue;
    ++mismatches;
    fprintf(stderr,
            "gradient[%zu] = %.17g but central difference (step %g) = %.17g "
            "(tolerance %g)\n",
            i, grad[i], step, fd, tol);
  }
  return mismatches;
}

/* A vector function F: R^n -> R^m writing its m results into out. */
typedef void (*qgrad_vector_function)(const double *x, double *out);

/* The context of qgrad_weighted_outputs: F, the cotangent w and m. */
typedef struct QgradWeightedOutputs {
  qgrad_vector_function f;
  const double *weights;
  size_t m;
} QgradWeightedOutputs;

/* The objective w . F(x), to check the vector-Jacobian product w^T dF/dx
 * that reverse mode yields when w is seeded into the output's shadow. */
static inline double qgrad_weighted_outputs(const double *x, void *ctx) {
  const QgradWeightedOutputs *w = (const QgradWeightedOutputs *)ctx;
  double *out =
      (double *)qgrad_scratch(w->m, sizeof *out, "qgrad_weighted_outputs");
  if (!out)
    return NAN;
  w->f(x, out);
  double sum = 0.0;
  for (size_t i = 0; i < w->m; ++i)
    sum += w->weights[i] * out[i];
  free(out);
  return sum;
}

/* A function that overwrites its input array while computing its value. */
typedef double (*qgrad_mutating_objective)(double *x, void *ctx);

/* The context of qgrad_call_on_copy: f, its own context and the length. */
typedef struct QgradOnCopy {
  qgrad_mutating_objective f;
  void *ctx;
  size_t n;
} QgradOnCopy;

/* Evaluates a mutating function on a copy of x, so that finite differences
 * probe the same input every time. */
static inline double qgrad_call_on_copy(const double *x, void *ctx) {
  const QgradOnCopy *c = (const QgradOnCopy *)ctx;
  double *copy =
      (double *)qgrad_scratch(c->n, sizeof *copy, "qgrad_call_on_copy");
  if (!copy)
    return NAN;
  memcpy(copy, x, c->n * sizeof *copy);
  double value = c->f(copy, c->ctx);
  free(copy);
  return value;
}

/* A float function of n floats, and the context of qgrad_call_float_array,
 * which evaluates it at x rounded to float (for code written in float). */
typedef float (*qgrad_float_array_function)(const float *x, long n);

typedef struct QgradFloatArray {
  qgrad_float_array_function f;
  long n;
} QgradFloatArray;

static inline double qgrad_call_float_array(const double *x, void *ctx) {
  const QgradFloatArray *c = (const QgradFloatArray *)ctx;
  float *narrow = (float *)qgrad_scratch((size_t)c->n, sizeof *narrow,
                                         "qgrad_call_float_array");
  if (!narrow)
    return NAN;
  for (long i = 0; i < c->n; ++i)
    narrow[i] = (float)x[i];
  double value = c->f(narrow, c->n);
  free(narrow);
  return value;
}

/* Counts the checks of one test program. */
typedef struct QgradCheckReport {
  const char *program;
  unsigned checks;
  unsigned failures;
} QgradCheckReport;

#ifdef QGRAD_CHECK_FORWARD
/* Forward-mode checks the checker entry points add (see the end of this
 * file); qgrad_report_finish counts them in. */
static unsigned qgrad_forward_checks, qgrad_forward_failures;
#endif

static inline QgradCheckReport qgrad_report_start(const char *program) {
  QgradCheckReport r = {program, 0, 0};
  return r;
}

static inline int qgrad_record(QgradCheckReport *r, int passed,
                               const char *what, size_t index, double got,
                               double want, const char *against, double tol) {
  ++r->checks;
  if (passed)
    return 1;
  ++r->failures;
  fprintf(stderr,
          "%s: MISMATCH %s[%zu]: %.17g, %s %.17g (error %.3g, tolerance %g)\n",
          r->program, what, index, got, against, want, fabs(got - want), tol);
  return 0;
}

/* One value against its expected value, relative tolerance rtol. */
static inline int qgrad_expect_near(QgradCheckReport *r, const char *what,
                                    double got, double want, double rtol) {
  return qgrad_record(r, qgrad_relatively_near(got, want, rtol), what, 0, got,
                      want, "expected", rtol);
}

/* Checks a gradient of f at x: the analytic one against central differences,
 * and unless QGRAD_NO_AD, the AD one against the analytic one and against
 * central differences. */
static inline void
qgrad_expect_gradient(QgradCheckReport *r, const char *what, qgrad_objective f,
                      void *ctx, const double *x, size_t n, const double *ad,
                      const double *analytic, QgradTolerances tol) {
  for (size_t i = 0; i < n; ++i) {
    double fd = qgrad_central_difference(f, ctx, x, n, i, tol.fd_step);
    qgrad_record(r, qgrad_fd_near(fd, analytic[i], tol.fd_tol), what, i,
                 analytic[i], fd, "analytic vs central difference", tol.fd_tol);
#ifndef QGRAD_NO_AD
    qgrad_record(
        r, qgrad_relatively_near(ad[i], analytic[i], tol.analytic_rtol), what,
        i, ad[i], analytic[i], "AD vs analytic", tol.analytic_rtol);
    qgrad_record(r, qgrad_fd_near(fd, ad[i], tol.fd_tol), what, i, ad[i], fd,
                 "AD vs central difference", tol.fd_tol);
#else
    (void)ad;
#endif
  }
}

/* Prints the program's one-line summary; returns its exit status. */
static inline int qgrad_report_finish(const QgradCheckReport *r) {
#ifdef QGRAD_NO_AD
  const char *mode = "analytic vs finite differences, no AD";
#else
  const char *mode = "AD vs analytic vs finite differences";
#endif
  unsigned checks = r->checks, failures = r->failures;
#ifdef QGRAD_CHECK_FORWARD
  mode = "AD vs analytic vs finite differences, and forward mode";
  checks += qgrad_forward_checks;
  failures += qgrad_forward_failures;
  qgrad_forward_checks = qgrad_forward_failures = 0;
#endif
  if (checks == 0) {
    printf("%s: FAIL: no checks ran\n", r->program);
    return 1;
  }
  printf("%s: %s: %u of %u checks failed (%s)\n", r->program,
         failures ? "FAIL" : "PASS", failures, checks, mode);
  return failures ? 1 : 0;
}

/* Shortcuts for programs that check one gradient: each starts a report,
 * checks the AD gradient (ignored under QGRAD_NO_AD) and the analytic one,
 * and returns the exit status. */

static inline int qgrad_check_objective(const char *program, qgrad_objective f,
                                        void *ctx, const double *x, size_t n,
                                        const double *ad,
                                        const double *analytic,
                                        QgradTolerances tol) {
  QgradCheckReport report = qgrad_report_start(program);
  qgrad_expect_gradient(&report, "gradient", f, ctx, x, n, ad, analytic, tol);
  return qgrad_report_finish(&report);
}

typedef double (*qgrad_unary)(double);
typedef double (*qgrad_binary)(double, double);

/* The derivatives of a function of two scalars, in argument order: also the
 * struct an __enzyme_autodiff prototype returns for two enzyme_out values. */
typedef struct QgradPair {
  double dx, dy;
} QgradPair;

typedef struct QgradScalarFunction {
  qgrad_unary unary;
  qgrad_binary binary;
} QgradScalarFunction;

static inline double qgrad_call_scalar_function(const double *x, void *ctx) {
  const QgradScalarFunction *fn = (const QgradScalarFunction *)ctx;
  return fn->unary ? fn->unary(x[0]) : fn->binary(x[0], x[1]);
}

static inline void qgrad_expect_unary(QgradCheckReport *report,
                                      const char *what, qgrad_unary f, double x,
                                      double ad, double analytic,
                                      QgradTolerances tol) {
  QgradScalarFunction fn = {f, NULL};
  qgrad_expect_gradient(report, what, qgrad_call_scalar_function, &fn, &x, 1,
                        &ad, &analytic, tol);
}

static inline void qgrad_expect_binary(QgradCheckReport *report,
                                       const char *what, qgrad_binary f,
                                       double x, double y, QgradPair ad,
                                       QgradPair analytic,
                                       QgradTolerances tol) {
  QgradScalarFunction fn = {NULL, f};
  double at[2] = {x, y};
  double ad_at[2] = {ad.dx, ad.dy};
  double analytic_at[2] = {analytic.dx, analytic.dy};
  qgrad_expect_gradient(report, what, qgrad_call_scalar_function, &fn, at, 2,
                        ad_at, analytic_at, tol);
}

static inline int qgrad_check_unary(const char *program, qgrad_unary f,
                                    double x, double ad, double analytic,
                                    QgradTolerances tol) {
  QgradCheckReport report = qgrad_report_start(program);
  qgrad_expect_unary(&report, "gradient", f, x, ad, analytic, tol);
  return qgrad_report_finish(&report);
}

static inline int qgrad_check_binary(const char *program, qgrad_binary f,
                                     double x, double y, QgradPair ad,
                                     QgradPair analytic, QgradTolerances tol) {
  QgradCheckReport report = qgrad_report_start(program);
  qgrad_expect_binary(&report, "gradient", f, x, y, ad, analytic, tol);
  return qgrad_report_finish(&report);
}

/* Define `static QgradPair NAME(double x, double y)` and `static double
 * NAME(double x)`: the gradient of F at the point by the program's own
 * __enzyme_autodiff prototype AUTODIFF, or zero under QGRAD_NO_AD (where
 * the checks ignore it). */
#ifdef QGRAD_NO_AD
#define QGRAD_DEFINE_AD_BINARY(NAME, AUTODIFF, F)                              \
  static QgradPair NAME(double x, double y) {                                  \
    QgradPair zero = {x - x, y - y};                                           \
    return zero;                                                               \
  }
#define QGRAD_DEFINE_AD_UNARY(NAME, AUTODIFF, F)                               \
  static double NAME(double x) { return x - x; }
#else
#define QGRAD_DEFINE_AD_BINARY(NAME, AUTODIFF, F)                              \
  static QgradPair NAME(double x, double y) {                                  \
    return AUTODIFF((void *)F, x, y);                                          \
  }
#define QGRAD_DEFINE_AD_UNARY(NAME, AUTODIFF, F)                               \
  static double NAME(double x) { return AUTODIFF((void *)F, x); }
#endif

/* Programs with branches check one point per path: derivative functions
 * (the AD one is not called under QGRAD_NO_AD) evaluated at each point. */
typedef double (*qgrad_unary_derivative)(double x);
typedef QgradPair (*qgrad_binary_gradient)(double x, double y);

static inline int qgrad_check_unary_points(const char *program, qgrad_unary f,
                                           qgrad_unary_derivative ad,
                                           qgrad_unary_derivative analytic,
                                           const double *points, size_t count,
                                           QgradTolerances tol) {
  QgradCheckReport report = qgrad_report_start(program);
  for (size_t i = 0; i < count; ++i) {
    double x = qgrad_opaque(points[i]), got = 0;
#ifndef QGRAD_NO_AD
    got = ad(x);
#else
    (void)ad;
#endif
    qgrad_expect_unary(&report, "derivative", f, x, got, analytic(x), tol);
  }
  return qgrad_report_finish(&report);
}

static inline int qgrad_check_binary_points(const char *program, qgrad_binary f,
                                            qgrad_binary_gradient ad,
                                            qgrad_binary_gradient analytic,
                                            const double (*points)[2],
                                            size_t count, QgradTolerances tol) {
  QgradCheckReport report = qgrad_report_start(program);
  for (size_t i = 0; i < count; ++i) {
    double x = qgrad_opaque(points[i][0]), y = qgrad_opaque(points[i][1]);
    QgradPair got = {0, 0};
#ifndef QGRAD_NO_AD
    got = ad(x, y);
#else
    (void)ad;
#endif
    qgrad_expect_binary(&report, "gradient", f, x, y, got, analytic(x, y), tol);
  }
  return qgrad_report_finish(&report);
}

/* --- Hessians ------------------------------------------------------------
 * By forward over reverse: at file scope,
 *
 *   QGRAD_DEFINE_HESSIAN(energy_hessian, energy)
 *
 * for an objective `double energy(const double *x, void *ctx)` defines
 *
 *   void energy_hessian_gradient(const double *x, size_t n, void *ctx,
 *                                double *g);   the gradient, by reverse mode;
 *   void energy_hessian(const double *x, size_t n, void *ctx, double *h);
 *
 * which writes the n x n Hessian into h (row-major) with one forward sweep
 * of the gradient per column: column j is the tangent of the gradient along
 * e_j. Needs <qgrad/AD/enzyme.h> and the engine (not for -DQGRAD_NO_AD).
 * qgrad_check_hessian compares a Hessian with central differences of the
 * gradient. */
typedef void (*qgrad_gradient_function)(const double *x, size_t n, void *ctx,
                                        double *g);

#define QGRAD_DEFINE_HESSIAN(name, objective)                                  \
  static void name##_gradient(const double *x, size_t n, void *ctx,            \
                              double *g) {                                     \
    for (size_t i = 0; i < n; ++i)                                             \
      g[i] = 0.0;                                                              \
    __enzyme_autodiff((void *)(objective), enzyme_dup, x, g, enzyme_const,     \
                      ctx);                                                    \
  }                                                                            \
  static void name(const double *x, size_t n, void *ctx, double *h) {          \
    double *unit = (double *)qgrad_scratch(2 * n, sizeof(double), #name);      \
    if (!unit)                                                                 \
      return;                                                                  \
    double *g = unit + n;                                                      \
    for (size_t j = 0; j < n; ++j) {                                           \
      memset(unit, 0, n * sizeof(double));                                     \
      unit[j] = 1.0;                                                           \
      __enzyme_fwddiff((void *)name##_gradient, enzyme_dup, x, unit,           \
                       enzyme_const, n, enzyme_const, ctx, enzyme_dup, g,      \
                       h + j * n);                                             \
    }                                                                          \
    free(unit);                                                                \
  }

/* How many entries of the Hessian h (row-major, n x n) differ from central
 * differences of the gradient; each mismatch is printed on stderr. Column j
 * is (g(x + s e_j) - g(x - s e_j)) / 2s, s = step * max(1, |x_j|). */
static inline size_t qgrad_check_hessian(qgrad_gradient_function gradient,
                                         void *ctx, const double *x, size_t n,
                                         const double *h, double step,
                                         double tol) {
  if (step <= 0)
    step = QGRAD_DEFAULT_FD_STEP;
  if (tol <= 0)
    tol = QGRAD_DEFAULT_FD_TOL;
  double *probe =
      (double *)qgrad_scratch(3 * n, sizeof(double), "qgrad_check_hessian");
  if (!probe)
    return n * n;
  double *up = probe + n, *down = probe + 2 * n;
  size_t mismatches = 0;
  for (size_t j = 0; j < n; ++j) {
    memcpy(probe, x, n * sizeof(double));
    double s = step * fmax(1.0, fabs(x[j]));
    double hi = x[j] + s, lo = x[j] - s;
    probe[j] = hi;
    gradient(probe, n, ctx, up);
    probe[j] = lo;
    gradient(probe, n, ctx, down);
    for (size_t i = 0; i < n; ++i) {
      double fd = (up[i] - down[i]) / (hi - lo);
      if (qgrad_fd_near(fd, h[j * n + i], tol))
        continue;
      ++mismatches;
      fprintf(stderr,
              "hessian[%zu][%zu] = %.17g but central difference of the "
              "gradient = %.17g (tolerance %g)\n",
              j, i, h[j * n + i], fd, tol);
    }
  }
  free(probe);
  return mismatches;
}

#ifdef QGRAD_CHECK_FORWARD
/* --- Forward mode on every checked function ------------------------------
 * With -DQGRAD_CHECK_FORWARD (a configuration of the coverage programs),
 * each checker entry point that names the checked function also
 * differentiates that function in forward mode (__enzyme_fwddiff, one unit
 * tangent per input) and expects the analytic derivative. The function must
 * be named directly, not reached through a pointer. */
double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const;

static inline void qgrad_forward_expect(const char *program, const char *what,
                                        size_t index, double forward,
                                        double analytic, double rtol) {
  ++qgrad_forward_checks;
  if (qgrad_relatively_near(forward, analytic, rtol))
    return;
  ++qgrad_forward_failures;
  fprintf(stderr,
          "%s: MISMATCH %s[%zu]: forward mode %.17g, analytic %.17g "
          "(tolerance %g)\n",
          program, what, index, forward, analytic, rtol);
}

/* The checker's own wrappers (qgrad_call_on_copy, qgrad_weighted_outputs,
 * qgrad_call_float_array) call the function by pointer, which forward mode
 * cannot follow: for them the program names the function itself (the
 * QGRAD_FORWARD_ON_COPY family below). Told apart by name, here. */
#define QGRAD_SECOND_(a, b, ...) b
#define QGRAD_SECOND(...) QGRAD_SECOND_(__VA_ARGS__, 0, 0)
#define QGRAD_WRAPPER_qgrad_call_on_copy ~, 1
#define QGRAD_WRAPPER_qgrad_weighted_outputs ~, 1
#define QGRAD_WRAPPER_qgrad_call_float_array ~, 1
#define QGRAD_IS_WRAPPER(f) QGRAD_SECOND(QGRAD_WRAPPER_##f)
#define QGRAD_CAT_(a, b) a##b
#define QGRAD_CAT(a, b) QGRAD_CAT_(a, b)
#define QGRAD_FORWARD_SKIP(...) ((void)0)
#define QGRAD_FORWARD_PICK_0 QGRAD_FORWARD_OBJECTIVE_RUN
#define QGRAD_FORWARD_PICK_1 QGRAD_FORWARD_SKIP
#define QGRAD_FORWARD_OBJECTIVE(program, what, f, ctx, x, n, analytic, rtol)   \
  QGRAD_CAT(QGRAD_FORWARD_PICK_, QGRAD_IS_WRAPPER(f))                          \
  (program, what, f, ctx, x, n, analytic, rtol)
#define QGRAD_FORWARD_OBJECTIVE_RUN(program, what, f, ctx, x, n, analytic,     \
                                    rtol)                                      \
  do {                                                                         \
    size_t qgrad_n_ = (n);                                                     \
    double *qgrad_unit_ =                                                      \
        (double *)qgrad_scratch(qgrad_n_, sizeof(double), program);            \
    for (size_t qgrad_i_ = 0; qgrad_unit_ && qgrad_i_ < qgrad_n_;              \
         ++qgrad_i_) {                                                         \
      memset(qgrad_unit_, 0, qgrad_n_ * sizeof(double));                       \
      qgrad_unit_[qgrad_i_] = 1.0;                                             \
      qgrad_forward_expect(program, what, qgrad_i_,                            \
                           __enzyme_fwddiff((void *)(f), enzyme_dup, (x),      \
                                            qgrad_unit_, enzyme_const, (ctx)), \
                           (analytic)[qgrad_i_], rtol);                        \
    }                                                                          \
    free(qgrad_unit_);                                                         \
  } while (0)

#define qgrad_check_unary(program, f, x, ad, analytic, tol)                    \
  ({                                                                           \
    qgrad_forward_expect(program, "forward", 0,                                \
                         __enzyme_fwddiff((void *)(f), (double)(x), 1.0),      \
                         (analytic), (tol).analytic_rtol);                     \
    qgrad_check_unary(program, f, x, ad, analytic, tol);                       \
  })
#define qgrad_expect_unary(report, what, f, x, ad, analytic, tol)              \
  do {                                                                         \
    qgrad_forward_expect((report)->program, what, 0,                           \
                         __enzyme_fwddiff((void *)(f), (double)(x), 1.0),      \
                         (analytic), (tol).analytic_rtol);                     \
    qgrad_expect_unary(report, what, f, x, ad, analytic, tol);                 \
  } while (0)
#define QGRAD_FORWARD_BINARY(program, f, x, y, analytic, rtol)                 \
  do {                                                                         \
    QgradPair qgrad_want_ = (analytic);                                        \
    qgrad_forward_expect(                                                      \
        program, "forward", 0,                                                 \
        __enzyme_fwddiff((void *)(f), (double)(x), 1.0, (double)(y), 0.0),     \
        qgrad_want_.dx, rtol);                                                 \
    qgrad_forward_expect(                                                      \
        program, "forward", 1,                                                 \
        __enzyme_fwddiff((void *)(f), (double)(x), 0.0, (double)(y), 1.0),     \
        qgrad_want_.dy, rtol);                                                 \
  } while (0)
#define qgrad_check_binary(program, f, x, y, ad, analytic, tol)                \
  ({                                                                           \
    QGRAD_FORWARD_BINARY(program, f, x, y, analytic, (tol).analytic_rtol);     \
    qgrad_check_binary(program, f, x, y, ad, analytic, tol);                   \
  })
#define qgrad_expect_binary(report, what, f, x, y, ad, analytic, tol)          \
  do {                                                                         \
    QGRAD_FORWARD_BINARY((report)->program, f, x, y, analytic,                 \
                         (tol).analytic_rtol);                                 \
    qgrad_expect_binary(report, what, f, x, y, ad, analytic, tol);             \
  } while (0)
#define qgrad_check_objective(program, f, ctx, x, n, ad, analytic, tol)        \
  ({                                                                           \
    QGRAD_FORWARD_OBJECTIVE(program, "forward", f, ctx, x, n, analytic,        \
                            (tol).analytic_rtol);                              \
    qgrad_check_objective(program, f, ctx, x, n, ad, analytic, tol);           \
  })
#define qgrad_expect_gradient(report, what, f, ctx, x, n, ad, analytic, tol)   \
  do {                                                                         \
    QGRAD_FORWARD_OBJECTIVE((report)->program, what, f, ctx, x, n, analytic,   \
                            (tol).analytic_rtol);                              \
    qgrad_expect_gradient(report, what, f, ctx, x, n, ad, analytic, tol);      \
  } while (0)
/* For programs whose checker goes through a wrapper that calls the function
 * by pointer (which forward mode cannot follow): the same forward check,
 * naming the function itself. ON_COPY: f(double *x, void *ctx) may
 * overwrite x, so each sweep runs on a copy. WEIGHTED: F(const double *x,
 * double *out) with m outputs; the forward mode's output tangents along e_i,
 * weighted, must give analytic[i] (= (w^T dF/dx)_i). FLOAT_ARRAY: float
 * f(const float *x, long n). */
#define QGRAD_FORWARD_SWEEPS(program, n, analytic, rtol, setup, sweep)         \
  do {                                                                         \
    size_t qgrad_n_ = (n);                                                     \
    for (size_t qgrad_i_ = 0; qgrad_i_ < qgrad_n_; ++qgrad_i_) {               \
      setup;                                                                   \
      qgrad_forward_expect(program, "forward", qgrad_i_, (sweep),              \
                           (analytic)[qgrad_i_], rtol);                        \
    }                                                                          \
  } while (0)
#define QGRAD_FORWARD_ON_COPY(program, f, ctx, x, n, analytic, rtol)           \
  QGRAD_FORWARD_SWEEPS(program, n, analytic, rtol, double qgrad_copy_[(n)];    \
                       double qgrad_unit_[(n)];                                \
                       memcpy(qgrad_copy_, (x), sizeof qgrad_copy_);           \
                       memset(qgrad_unit_, 0, sizeof qgrad_unit_);             \
                       qgrad_unit_[qgrad_i_] = 1.0,                            \
                       __enzyme_fwddiff((void *)(f), enzyme_dup, qgrad_copy_,  \
                                        qgrad_unit_, enzyme_const, (ctx)))
#define QGRAD_FORWARD_WEIGHTED(program, F, x, n, m, weights, analytic, rtol)   \
  QGRAD_FORWARD_SWEEPS(                                                        \
      program, n, analytic, rtol, double qgrad_unit_[(n)];                     \
      double qgrad_out_[(m)]; double qgrad_dout_[(m)];                         \
      memset(qgrad_unit_, 0, sizeof qgrad_unit_); qgrad_unit_[qgrad_i_] = 1.0; \
      __enzyme_fwddiff((void *)(F), enzyme_dup, (x), qgrad_unit_, enzyme_dup,  \
                       qgrad_out_, qgrad_dout_);                               \
      double qgrad_sum_ = 0.0;                                                 \
      for (size_t qgrad_k_ = 0; qgrad_k_ < (size_t)(m); ++qgrad_k_)            \
          qgrad_sum_ += (weights)[qgrad_k_] * qgrad_dout_[qgrad_k_],           \
      qgrad_sum_)
#define QGRAD_FORWARD_FLOAT_ARRAY(program, f, x, n, analytic, rtol)            \
  QGRAD_FORWARD_SWEEPS(                                                        \
      program, n, analytic, rtol, float qgrad_narrow_[(n)];                    \
      float qgrad_unit_[(n)];                                                  \
      for (size_t qgrad_k_ = 0; qgrad_k_ < qgrad_n_; ++qgrad_k_) {             \
        qgrad_narrow_[qgrad_k_] = (float)(x)[qgrad_k_];                        \
        qgrad_unit_[qgrad_k_] = qgrad_k_ == qgrad_i_ ? 1.0f : 0.0f;            \
      },                                                                       \
      (double)__enzyme_fwddiff((void *)(f), enzyme_dup, qgrad_narrow_,         \
                               qgrad_unit_, (long)qgrad_n_))

#ifdef QGRAD_CHECK_VECTOR_FORWARD
/* --- Vector forward mode on every checked function -----------------------
 * With -DQGRAD_CHECK_VECTOR_FORWARD as well, the same checks run in vector
 * forward mode of width 3 (enzyme_width, 3): each call carries three
 * tangents (unit vectors e_i, e_i+1, e_i+2; for scalar functions the seeds
 * 1, 2 and -1/2) and returns the three lanes in a struct, which C returns
 * through memory. */
typedef struct {
  double lane[3];
} QgradLanes3;
typedef struct {
  float lane[3];
} QgradFloatLanes3;
QgradLanes3 __enzyme_fwddiff_lanes3(void *, ...);
QgradFloatLanes3 __enzyme_fwddiff_float_lanes3(void *, ...);
void __enzyme_fwddiff_void_lanes3(void *, ...);
extern int enzyme_width;
static const double qgrad_scalar_seeds_[3] = {1.0, 2.0, -0.5};

/* Runs sweep (which sets qgrad_d_[k], the tangent along e_{first+k}) for
 * each group of three inputs; seeds of type T. */
#define QGRAD_LANE_SWEEPS(program, T, n, analytic, rtol, sweep)                \
  do {                                                                         \
    size_t qgrad_n_ = (n);                                                     \
    T *qgrad_seed_ = (T *)qgrad_scratch(3 * qgrad_n_, sizeof(T), program);     \
    for (size_t qgrad_first_ = 0; qgrad_seed_ && qgrad_first_ < qgrad_n_;      \
         qgrad_first_ += 3) {                                                  \
      double qgrad_d_[3];                                                      \
      memset(qgrad_seed_, 0, 3 * qgrad_n_ * sizeof(T));                        \
      for (size_t qgrad_k_ = 0; qgrad_k_ < 3; ++qgrad_k_)                      \
        if (qgrad_first_ + qgrad_k_ < qgrad_n_)                                \
          qgrad_seed_[qgrad_k_ * qgrad_n_ + qgrad_first_ + qgrad_k_] = 1;      \
      sweep;                                                                   \
      for (size_t qgrad_k_ = 0; qgrad_k_ < 3; ++qgrad_k_)                      \
        if (qgrad_first_ + qgrad_k_ < qgrad_n_)                                \
          qgrad_forward_expect(program, "vector forward",                      \
                               qgrad_first_ + qgrad_k_, qgrad_d_[qgrad_k_],    \
                               (analytic)[qgrad_first_ + qgrad_k_], rtol);     \
    }                                                                          \
    free(qgrad_seed_);                                                         \
  } while (0)
#define QGRAD_SEED(k) (qgrad_seed_ + (k) * qgrad_n_)
#define QGRAD_COPY_LANES(lanes)                                                \
  for (size_t qgrad_k_ = 0; qgrad_k_ < 3; ++qgrad_k_)                          \
  qgrad_d_[qgrad_k_] = (lanes).lane[qgrad_k_]

#undef QGRAD_FORWARD_OBJECTIVE_RUN
#define QGRAD_FORWARD_OBJECTIVE_RUN(program, what, f, ctx, x, n, analytic,     \
                                    rtol)                                      \
  QGRAD_LANE_SWEEPS(program, double, n, analytic, rtol, {                      \
    QgradLanes3 qgrad_lanes_ = __enzyme_fwddiff_lanes3(                        \
        (void *)(f), enzyme_width, 3, enzyme_dup, (x), QGRAD_SEED(0),          \
        QGRAD_SEED(1), QGRAD_SEED(2), enzyme_const, (ctx));                    \
    QGRAD_COPY_LANES(qgrad_lanes_);                                            \
  })

static inline void qgrad_expect_scalar_lanes(const char *program,
                                             QgradLanes3 lanes, double analytic,
                                             double rtol) {
  for (size_t k = 0; k < 3; ++k)
    qgrad_forward_expect(program, "vector forward", k, lanes.lane[k],
                         qgrad_scalar_seeds_[k] * analytic, rtol);
}
#undef qgrad_check_unary
#undef qgrad_expect_unary
#define QGRAD_VECTOR_UNARY(program, f, x, analytic, rtol)                      \
  qgrad_expect_scalar_lanes(                                                   \
      program,                                                                 \
      __enzyme_fwddiff_lanes3((void *)(f), enzyme_width, 3, (double)(x),       \
                              qgrad_scalar_seeds_[0], qgrad_scalar_seeds_[1],  \
                              qgrad_scalar_seeds_[2]),                         \
      (analytic), rtol)
#define qgrad_check_unary(program, f, x, ad, analytic, tol)                    \
  ({                                                                           \
    QGRAD_VECTOR_UNARY(program, f, x, analytic, (tol).analytic_rtol);          \
    qgrad_check_unary(program, f, x, ad, analytic, tol);                       \
  })
#define qgrad_expect_unary(report, what, f, x, ad, analytic, tol)              \
  do {                                                                         \
    QGRAD_VECTOR_UNARY((report)->program, f, x, analytic,                      \
                       (tol).analytic_rtol);                                   \
    qgrad_expect_unary(report, what, f, x, ad, analytic, tol);                 \
  } while (0)
/* Lanes along (1, 0), (0, 1) and (1, 1). */
#undef QGRAD_FORWARD_BINARY
#define QGRAD_FORWARD_BINARY(program, f, x, y, analytic, rtol)                 \
  do {                                                                         \
    QgradPair qgrad_want_ = (analytic);                                        \
    QgradLanes3 qgrad_lanes_ =                                                 \
        __enzyme_fwddiff_lanes3((void *)(f), enzyme_width, 3, (double)(x),     \
                                1.0, 0.0, 1.0, (double)(y), 0.0, 1.0, 1.0);    \
    double qgrad_both_[3] = {qgrad_want_.dx, qgrad_want_.dy,                   \
                             qgrad_want_.dx + qgrad_want_.dy};                 \
    for (size_t qgrad_k_ = 0; qgrad_k_ < 3; ++qgrad_k_)                        \
      qgrad_forward_expect(program, "vector forward", qgrad_k_,                \
                           qgrad_lanes_.lane[qgrad_k_], qgrad_both_[qgrad_k_], \
                           rtol);                                              \
  } while (0)
#undef QGRAD_FORWARD_ON_COPY
#define QGRAD_FORWARD_ON_COPY(program, f, ctx, x, n, analytic, rtol)           \
  QGRAD_LANE_SWEEPS(program, double, n, analytic, rtol, {                      \
    double qgrad_copy_[(n)];                                                   \
    memcpy(qgrad_copy_, (x), sizeof qgrad_copy_);                              \
    QgradLanes3 qgrad_lanes_ = __enzyme_fwddiff_lanes3(                        \
        (void *)(f), enzyme_width, 3, enzyme_dup, qgrad_copy_, QGRAD_SEED(0),  \
        QGRAD_SEED(1), QGRAD_SEED(2), enzyme_const, (ctx));                    \
    QGRAD_COPY_LANES(qgrad_lanes_);                                            \
  })
#undef QGRAD_FORWARD_WEIGHTED
#define QGRAD_FORWARD_WEIGHTED(program, F, x, n, m, weights, analytic, rtol)   \
  QGRAD_LANE_SWEEPS(program, double, n, analytic, rtol, {                      \
    double qgrad_out_[(m)];                                                    \
    double qgrad_dout_[3][(m)];                                                \
    memset(qgrad_dout_, 0, sizeof qgrad_dout_);                                \
    __enzyme_fwddiff_void_lanes3((void *)(F), enzyme_width, 3, enzyme_dup,     \
                                 (x), QGRAD_SEED(0), QGRAD_SEED(1),            \
                                 QGRAD_SEED(2), enzyme_dup, qgrad_out_,        \
                                 qgrad_dout_[0], qgrad_dout_[1],               \
                                 qgrad_dout_[2]);                              \
    for (size_t qgrad_k_ = 0; qgrad_k_ < 3; ++qgrad_k_) {                      \
      qgrad_d_[qgrad_k_] = 0.0;                                                \
      for (size_t qgrad_j_ = 0; qgrad_j_ < (size_t)(m); ++qgrad_j_)            \
        qgrad_d_[qgrad_k_] += (weights)[qgrad_j_] * qgrad_dout_[qgrad_k_][qgrad_j_]; \
    }                                                                          \
  })
#undef QGRAD_FORWARD_FLOAT_ARRAY
#define QGRAD_FORWARD_FLOAT_ARRAY(program, f, x, n, analytic, rtol)            \
  QGRAD_LANE_SWEEPS(program, float, n, analytic, rtol, {                       \
    float qgrad_narrow_[(n)];                                                  \
    for (size_t qgrad_j_ = 0; qgrad_j_ < qgrad_n_; ++qgrad_j_)                 \
      qgrad_narrow_[qgrad_j_] = (float)(x)[qgrad_j_];                          \
    QgradFloatLanes3 qgrad_lanes_ = __enzyme_fwddiff_float_lanes3(             \
        (void *)(f), enzyme_width, 3, enzyme_dup, qgrad_narrow_,               \
        QGRAD_SEED(0), QGRAD_SEED(1), QGRAD_SEED(2), (long)qgrad_n_);          \
    QGRAD_COPY_LANES(qgrad_lanes_);                                            \
  })
#endif /* QGRAD_CHECK_VECTOR_FORWARD */
#endif /* QGRAD_CHECK_FORWARD */

#endif /* QGRAD_AD_CHECK_H */
