/*===- lstm.h - ADBench's LSTM objective ----------------------------------===*
 *
 * l stacked LSTM layers with element-wise (diagonal) weights over b
 * channels run along a sequence of c steps, each step predicting the next.
 * The loss is -sum ygold (ypred - log(sum exp(ypred) + 2)) / ((c - 1) b).
 * The parameters are one flat vector: for each layer 4b weights and 4b
 * biases in the gate order forget, input, output, change; then the extra
 * parameters: input weights, output weights and output biases (b each).
 * The initial state (hidden, cell per layer) and the sequence are constant.
 *===----------------------------------------------------------------------===*/
#ifndef QGRAD_BENCH_AD_LSTM_H
#define QGRAD_BENCH_AD_LSTM_H

#include "bench_problem.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct LstmInput {
  int l, c, b;
  double *state;    /* l pairs of b hidden then b cell values */
  double *sequence; /* c steps of b values */
} LstmInput;

int lstm_num_params(const LstmInput *input);

int lstm_problem_load(BenchProblem *problem, const char *path);
void lstm_problem_generate(BenchProblem *problem, int l, int c, int b,
                           unsigned long long seed);

double lstm_primal(const void *input, const double *params);
void lstm_hand_gradient(const void *input, const double *params, double *grad);
void lstm_adolc_record(const void *input, const double *params, short tag);
extern const BenchEngineEntry lstm_engine;

#ifdef __cplusplus
}
#endif

#endif
