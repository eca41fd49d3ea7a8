//===- lstm_input.c - LSTM inputs: ADBench files and the generator --------===//

#include "lstm.h"

#include "bench_reader.h"
#include "bench_rng.h"

#include <stdio.h>
#include <stdlib.h>

static void destroy_lstm_input(void *opaque) {
  LstmInput *in = (LstmInput *)opaque;
  free(in->state);
  free(in->sequence);
  free(in);
}

static const BenchObjectiveFns kLstmFns = {
    "lstm",       lstm_primal,       lstm_hand_gradient, lstm_adolc_record,
    &lstm_engine, destroy_lstm_input};

static LstmInput *new_lstm_input(BenchProblem *problem, int l, int c, int b) {
  LstmInput *in = (LstmInput *)calloc(1, sizeof(LstmInput));
  in->l = l;
  in->c = c;
  in->b = b;
  in->state = (double *)malloc(sizeof(double) * 2 * (size_t)l * (size_t)b);
  in->sequence = (double *)malloc(sizeof(double) * (size_t)c * (size_t)b);
  bench_problem_init(problem, &kLstmFns, in, lstm_num_params(in));
  return in;
}

/* The file holds the main and extra parameters (the flat order), the state
 * and the sequence. */
int lstm_problem_load(BenchProblem *problem, const char *path) {
  static const int min_size[3] = {1, 2, 1};
  static const int max_size[3] = {1000, 10000000, 100000};
  int size[3];
  BenchReader reader;
  if (bench_reader_open_sizes(&reader, path, size, min_size, max_size) != 0)
    return -1;
  int l = size[0], c = size[1], b = size[2];
  LstmInput *in = new_lstm_input(problem, l, c, b);
  int ok =
      bench_read_doubles(&reader, problem->params, problem->num_params) == 0 &&
      bench_read_doubles(&reader, in->state, 2L * l * b) == 0 &&
      bench_read_doubles(&reader, in->sequence, (long)c * b) == 0;
  return bench_reader_finish(&reader, problem, ok);
}

/* Uniform in [0, 1), like ADBench's LSTM inputs. */
void lstm_problem_generate(BenchProblem *problem, int l, int c, int b,
                           unsigned long long seed) {
  LstmInput *in = new_lstm_input(problem, l, c, b);
  BenchRng rng;
  bench_rng_seed(&rng, seed);
  bench_rng_fill_uniform(&rng, problem->params, problem->num_params, 0.0, 1.0);
  bench_rng_fill_uniform(&rng, in->state, 2L * l * b, 0.0, 1.0);
  bench_rng_fill_uniform(&rng, in->sequence, (long)c * b, 0.0, 1.0);
  snprintf(problem->origin, sizeof problem->origin,
           "generated l=%d c=%d b=%d seed=%llu", l, c, b, seed);
}
