/*===- bench_problem.h - One differentiable objective under benchmark -----===*
 *
 * Every objective (GMM, BA, LSTM) is presented to the driver through the same
 * table entry: a flat parameter vector, an opaque input, and one entry point
 * per way of computing the gradient. Gradient entry points overwrite `grad`.
 *===----------------------------------------------------------------------===*/
#ifndef QGRAD_BENCH_AD_BENCH_PROBLEM_H
#define QGRAD_BENCH_AD_BENCH_PROBLEM_H

#ifdef __cplusplus
extern "C" {
#endif

typedef double (*BenchPrimalFn)(const void *input, const double *params);
typedef void (*BenchGradientFn)(const void *input, const double *params,
                                double *grad);
/* The derivative of the objective at `params` along `direction`. */
typedef double (*BenchDirectionalFn)(const void *input, const double *params,
                                     const double *direction);
/* The gradient into `grad` and the Hessian-vector product along
 * `direction` into `product`. */
typedef void (*BenchHessianVectorFn)(const void *input, const double *params,
                                     const double *direction, double *grad,
                                     double *product);
/* Vector forward mode: the derivatives along BENCH_LANES directions at once
 * (`directions` holds them row by row, num_params each) into `out`. */
#define BENCH_LANES 8
typedef void (*BenchDirectionsFn)(const void *input, const double *params,
                                  const double *directions, double *out);
/* Records the objective at `params` on ADOL-C tape `tag`. */
typedef void (*BenchAdolcRecordFn)(const void *input, const double *params,
                                   short tag);

/* The gradient our AD engine generated at build time, or why there is none
 * (the plugin was not built, or it rejected the objective). */
typedef struct BenchEngineEntry {
  BenchGradientFn gradient;
  const char *unavailable_reason;
  /* Forward mode (__enzyme_fwddiff), one tangent; NULL when not built. */
  BenchDirectionalFn directional;
  /* Forward over reverse; NULL when not built. */
  BenchHessianVectorFn hessian_vector;
  /* Forward mode, BENCH_LANES tangents (enzyme_width); NULL when not
   * built. */
  BenchDirectionsFn directions;
} BenchEngineEntry;

typedef struct BenchProblem {
  const char *name;
  char origin[512]; /* the input file, or the generator and its seed */
  int num_params;
  double *params;
  void *input;
  BenchPrimalFn primal;
  BenchGradientFn hand_gradient;
  BenchAdolcRecordFn adolc_record;
  const BenchEngineEntry *engine;
  void (*destroy_input)(void *input);
} BenchProblem;

/* What one objective provides, shared by all its problem instances. */
typedef struct BenchObjectiveFns {
  const char *name;
  BenchPrimalFn primal;
  BenchGradientFn hand_gradient;
  BenchAdolcRecordFn adolc_record;
  const BenchEngineEntry *engine;
  void (*destroy_input)(void *input);
} BenchObjectiveFns;

/* Points `problem` at `input` and allocates its zeroed parameters. */
void bench_problem_init(BenchProblem *problem, const BenchObjectiveFns *fns,
                        void *input, int num_params);
void bench_problem_destroy(BenchProblem *problem);

#ifdef __cplusplus
}
#endif

#endif
