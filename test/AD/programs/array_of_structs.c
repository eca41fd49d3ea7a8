// An array of structs (position and mass fields, plus an int id): a
// potential energy over all pairs, differentiated with respect to every
// double field through one shadow array of structs.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { BODIES = 4, FIELDS = 3 };

typedef struct {
  int id;
  double x, y;
  double mass;
} Body;

static double energy(const Body *bodies, int n) {
  double e = 0.0;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      double dx = bodies[i].x - bodies[j].x, dy = bodies[i].y - bodies[j].y;
      e -= bodies[i].mass * bodies[j].mass / sqrt(dx * dx + dy * dy);
    }
  return e;
}

static void unpack(const double *v, Body *bodies) {
  for (int i = 0; i < BODIES; ++i) {
    bodies[i].id = i;
    bodies[i].x = v[FIELDS * i];
    bodies[i].y = v[FIELDS * i + 1];
    bodies[i].mass = v[FIELDS * i + 2];
  }
}

static double energy_of(const double *v, void *ctx) {
  (void)ctx;
  Body bodies[BODIES];
  unpack(v, bodies);
  return energy(bodies, BODIES);
}

int main(void) {
  double v[BODIES * FIELDS] = {0.0,  0.0, 1.0, 1.2, 0.3,  0.5,
                               -0.4, 1.1, 2.0, 0.7, -0.9, 1.5};
  double analytic[BODIES * FIELDS] = {0}, ad[BODIES * FIELDS];
  qgrad_opaque_array(v, BODIES * FIELDS);
  Body bodies[BODIES], shadow[BODIES] = {{0}};
  unpack(v, bodies);
  for (int i = 0; i < BODIES; ++i)
    for (int j = i + 1; j < BODIES; ++j) {
      double dx = bodies[i].x - bodies[j].x, dy = bodies[i].y - bodies[j].y;
      double r2 = dx * dx + dy * dy, r = sqrt(r2);
      double mm = bodies[i].mass * bodies[j].mass, pull = mm / (r2 * r);
      analytic[FIELDS * i] += pull * dx;
      analytic[FIELDS * j] -= pull * dx;
      analytic[FIELDS * i + 1] += pull * dy;
      analytic[FIELDS * j + 1] -= pull * dy;
      analytic[FIELDS * i + 2] -= bodies[j].mass / r;
      analytic[FIELDS * j + 2] -= bodies[i].mass / r;
    }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)energy, enzyme_dup, bodies, shadow, (int)BODIES);
#endif
  for (int i = 0; i < BODIES; ++i) {
    ad[FIELDS * i] = shadow[i].x;
    ad[FIELDS * i + 1] = shadow[i].y;
    ad[FIELDS * i + 2] = shadow[i].mass;
  }
  return qgrad_check_objective("array_of_structs", energy_of, NULL, v,
                               BODIES * FIELDS, ad, analytic,
                               qgrad_double_tolerances());
}
