// Pointer to pointer: a matrix passed as an array of row pointers, with a
// shadow array of pointers to the shadow rows.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { ROWS = 3, COLS = 4 };

static double f(double **rows, int nrows, int ncols) {
  double sum = 0.0;
  for (int i = 0; i < nrows; ++i) {
    double weighted = 0.0;
    for (int j = 0; j < ncols; ++j)
      weighted += rows[i][j] * (j + 1);
    sum += weighted * weighted;
  }
  return sum;
}

static double f_of(const double *flat, void *ctx) {
  (void)ctx;
  double copy[ROWS * COLS], *rows[ROWS];
  memcpy(copy, flat, sizeof copy);
  for (int i = 0; i < ROWS; ++i)
    rows[i] = copy + i * COLS;
  return f(rows, ROWS, COLS);
}

int main(void) {
  double flat[ROWS * COLS], shadow[ROWS * COLS] = {0}, analytic[ROWS * COLS];
  for (int k = 0; k < ROWS * COLS; ++k)
    flat[k] = qgrad_opaque(0.2 * k - 1.0 + 0.07 * k * k);
  /* Separate heap rows, so nothing relies on the rows being contiguous. */
  double *rows[ROWS], *drows[ROWS];
  for (int i = 0; i < ROWS; ++i) {
    rows[i] = malloc(COLS * sizeof(double));
    drows[i] = calloc(COLS, sizeof(double));
    memcpy(rows[i], flat + i * COLS, COLS * sizeof(double));
    double weighted = 0.0;
    for (int j = 0; j < COLS; ++j)
      weighted += flat[i * COLS + j] * (j + 1);
    for (int j = 0; j < COLS; ++j)
      analytic[i * COLS + j] = 2.0 * weighted * (j + 1);
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, rows, drows, ROWS, COLS);
#endif
  for (int i = 0; i < ROWS; ++i) {
    memcpy(shadow + i * COLS, drows[i], COLS * sizeof(double));
    free(rows[i]);
    free(drows[i]);
  }
  return qgrad_check_objective("row_pointers", f_of, NULL, flat, ROWS * COLS,
                               shadow, analytic, qgrad_double_tolerances());
}
