//===- lstm_adjoint.c - A hand-written reverse mode of the LSTM objective -===//
//
// The forward pass records, for every step, layer and channel, the values
// the reverse needs (the layer's input, the previous hidden and cell state,
// the four gates and tanh of the new cell); the reverse pass walks the steps
// backwards carrying the adjoints of the hidden and cell state.
//
//===----------------------------------------------------------------------===//

#include "lstm.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Per step, layer and channel. */
typedef struct CellRecord {
  double input, hidden, cell;             /* before the step */
  double forget, ingate, outgate, change; /* the gates */
  double tanh_cell;                       /* tanh of the new cell */
} CellRecord;

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

static void cell_forward(int b, const double *weight, const double *bias,
                         double *hidden, double *cell, const double *input,
                         CellRecord *record) {
  for (int i = 0; i < b; ++i) {
    CellRecord *r = &record[i];
    r->input = input[i];
    r->hidden = hidden[i];
    r->cell = cell[i];
    r->forget = sigmoid(input[i] * weight[i] + bias[i]);
    r->ingate = sigmoid(hidden[i] * weight[b + i] + bias[b + i]);
    r->outgate = sigmoid(input[i] * weight[2 * b + i] + bias[2 * b + i]);
    r->change = tanh(hidden[i] * weight[3 * b + i] + bias[3 * b + i]);
    cell[i] = r->cell * r->forget + r->ingate * r->change;
    r->tanh_cell = tanh(cell[i]);
    hidden[i] = r->outgate * r->tanh_cell;
  }
}

/* On entry d_hidden and d_cell hold the adjoints of the new state; on exit
 * those of the previous state. d_input receives the input's adjoint. */
static void cell_reverse(int b, const double *weight, const CellRecord *record,
                         double *d_weight, double *d_bias, double *d_hidden,
                         double *d_cell, double *d_input) {
  for (int i = 0; i < b; ++i) {
    const CellRecord *r = &record[i];
    double d_outgate = d_hidden[i] * r->tanh_cell;
    double d_new_cell = d_cell[i] + d_hidden[i] * r->outgate *
                                        (1.0 - r->tanh_cell * r->tanh_cell);
    double d_forget = d_new_cell * r->cell;
    double d_ingate = d_new_cell * r->change;
    double d_change = d_new_cell * r->ingate;
    double z_forget = d_forget * r->forget * (1.0 - r->forget);
    double z_ingate = d_ingate * r->ingate * (1.0 - r->ingate);
    double z_outgate = d_outgate * r->outgate * (1.0 - r->outgate);
    double z_change = d_change * (1.0 - r->change * r->change);
    d_weight[i] += z_forget * r->input;
    d_weight[b + i] += z_ingate * r->hidden;
    d_weight[2 * b + i] += z_outgate * r->input;
    d_weight[3 * b + i] += z_change * r->hidden;
    d_bias[i] += z_forget;
    d_bias[b + i] += z_ingate;
    d_bias[2 * b + i] += z_outgate;
    d_bias[3 * b + i] += z_change;
    d_input[i] = z_forget * weight[i] + z_outgate * weight[2 * b + i];
    d_hidden[i] = z_ingate * weight[b + i] + z_change * weight[3 * b + i];
    d_cell[i] = d_new_cell * r->forget;
  }
}

void lstm_hand_gradient(const void *opaque, const double *params,
                        double *grad) {
  const LstmInput *in = (const LstmInput *)opaque;
  int l = in->l, c = in->c, b = in->b, steps = c - 1;
  const double *extra = params + 8 * l * b;
  double *d_extra = grad + 8 * l * b;
  memset(grad, 0, sizeof(double) * (size_t)lstm_num_params(in));

  size_t per_step = (size_t)l * (size_t)b;
  CellRecord *records =
      (CellRecord *)malloc(sizeof(CellRecord) * per_step * (size_t)steps);
  double *ypred = (double *)malloc(sizeof(double) * (size_t)steps * b);
  // Per layer: hidden, cell and their adjoints; then x2, d_layer and exp_y.
  double *block =
      (double *)calloc(4 * per_step + 3 * (size_t)b, sizeof(double));
  double *hidden = block, *cell = block + per_step;
  double *d_hidden = block + 2 * per_step, *d_cell = block + 3 * per_step;
  double *x2 = block + 4 * per_step, *d_layer = x2 + b, *exp_y = d_layer + b;
  for (int j = 0; j < l; ++j) {
    memcpy(hidden + j * b, in->state + 2 * b * j, sizeof(double) * b);
    memcpy(cell + j * b, in->state + 2 * b * j + b, sizeof(double) * b);
  }

  for (int t = 0; t < steps; ++t) {
    const double *x = in->sequence + (size_t)t * b;
    for (int i = 0; i < b; ++i)
      x2[i] = x[i] * extra[i];
    const double *layer_input = x2;
    for (int j = 0; j < l; ++j) {
      const double *weight = params + 8 * b * j;
      cell_forward(b, weight, weight + 4 * b, hidden + j * b, cell + j * b,
                   layer_input, records + per_step * t + (size_t)j * b);
      layer_input = hidden + j * b;
    }
    for (int i = 0; i < b; ++i)
      ypred[(size_t)t * b + i] =
          layer_input[i] * extra[b + i] + extra[2 * b + i];
  }

  // The loss is -(1/count) sum_t sum_i ygold_i (ypred_i - log(S + 2)) with
  // S = sum exp(ypred): d/dypred_i = -(ygold_i - sum(ygold) e^ypred_i/(S+2)).
  double scale = -1.0 / ((double)steps * b);
  for (int t = steps - 1; t >= 0; --t) {
    const double *y = ypred + (size_t)t * b;
    const double *ygold = in->sequence + (size_t)(t + 1) * b;
    double sum_exp = 0.0, sum_gold = 0.0;
    for (int i = 0; i < b; ++i) {
      exp_y[i] = exp(y[i]);
      sum_exp += exp_y[i];
      sum_gold += ygold[i];
    }
    const CellRecord *last = records + per_step * t + (size_t)(l - 1) * b;
    double *d_top = d_hidden + (size_t)(l - 1) * b;
    for (int i = 0; i < b; ++i) {
      double d_y = scale * (ygold[i] - sum_gold * exp_y[i] / (sum_exp + 2.0));
      double top = last[i].outgate * last[i].tanh_cell;
      d_extra[b + i] += d_y * top;
      d_extra[2 * b + i] += d_y;
      d_top[i] += d_y * extra[b + i];
    }
    for (int j = l - 1; j >= 0; --j) {
      const double *weight = params + 8 * b * j;
      double *d_weight = grad + 8 * b * j;
      cell_reverse(b, weight, records + per_step * t + (size_t)j * b, d_weight,
                   d_weight + 4 * b, d_hidden + j * b, d_cell + j * b, d_layer);
      if (j > 0) {
        for (int i = 0; i < b; ++i)
          d_hidden[(j - 1) * b + i] += d_layer[i];
      } else {
        const double *x = in->sequence + (size_t)t * b;
        for (int i = 0; i < b; ++i)
          d_extra[i] += d_layer[i] * x[i];
      }
    }
  }
  free(records);
  free(ypred);
  free(block);
}
