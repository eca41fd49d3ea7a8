// Two heap buffers swapped every step (double buffering): the current and
// next pointers are loop phis of pointers, and their shadows must swap too.
// A three-point smoothing stencil with a nonlinear term.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 5, STEPS = 4 };

static void step(const double *cur, double *next) {
  for (int i = 0; i < N; ++i) {
    double left = cur[(i + N - 1) % N], right = cur[(i + 1) % N];
    next[i] = 0.5 * cur[i] + 0.25 * (left + right) + 0.1 * sin(cur[i]);
  }
}

static double f(const double *x, void *ctx) {
  (void)ctx;
  double *cur = malloc(N * sizeof *cur), *next = malloc(N * sizeof *next);
  memcpy(cur, x, N * sizeof *cur);
  for (int s = 0; s < STEPS; ++s) {
    step(cur, next);
    double *t = cur;
    cur = next;
    next = t;
  }
  double sum = 0.0;
  for (int i = 0; i < N; ++i)
    sum += cur[i] * cur[i] * (i + 1);
  free(cur);
  free(next);
  return sum;
}

int main(void) {
  double x[N] = {0.9, -0.3, 0.5, 1.2, -0.8}, dx[N] = {0}, analytic[N] = {0};
  qgrad_opaque_array(x, N);
  /* Forward mode by hand through the same steps, one direction at a time. */
  for (int dir = 0; dir < N; ++dir) {
    double u[N], du[N], v[N], dv[N];
    memcpy(u, x, sizeof u);
    for (int i = 0; i < N; ++i)
      du[i] = i == dir;
    for (int s = 0; s < STEPS; ++s) {
      for (int i = 0; i < N; ++i) {
        int l = (i + N - 1) % N, r = (i + 1) % N;
        v[i] = 0.5 * u[i] + 0.25 * (u[l] + u[r]) + 0.1 * sin(u[i]);
        dv[i] = (0.5 + 0.1 * cos(u[i])) * du[i] + 0.25 * (du[l] + du[r]);
      }
      memcpy(u, v, sizeof u);
      memcpy(du, dv, sizeof du);
    }
    for (int i = 0; i < N; ++i)
      analytic[dir] += 2.0 * u[i] * du[i] * (i + 1);
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("ping_pong_buffers", f, NULL, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
