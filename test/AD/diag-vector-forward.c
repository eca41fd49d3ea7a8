// Vector forward mode refuses what it cannot do, at the entry call: a width
// in reverse mode, a width that is not a constant, too few tangents for the
// width, a result declared with the wrong number of lanes, and a registered
// forward derivative (it takes one tangent per argument, so N lanes cannot
// share one call of it).
// Calls are lowered inner first, not in source order: CHECK-DAG.
// RUN: not %clang -g -O0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
#include <math.h>
#include <qgrad/AD/enzyme.h>

typedef struct {
  double a, b;
} Lanes2;
Lanes2 __enzyme_fwddiff_lanes2(void *, ...);
double __enzyme_autodiff_width(void *, ...);

static double sq(double x) { return x * x; }

double reverse_width(double x) {
  return __enzyme_autodiff_width((void *)sq, enzyme_width, 2, x);
}
// CHECK-DAG: diag-vector-forward.c:[[@LINE-2]]:{{[0-9]+}}: in function 'reverse_width': enzyme_width (vector mode) is supported by forward mode only, not by '__enzyme_autodiff_width'

Lanes2 variable_width(double x, int n) {
  return __enzyme_fwddiff_lanes2((void *)sq, enzyme_width, n, x, 1.0, 2.0);
}
// CHECK-DAG: diag-vector-forward.c:[[@LINE-2]]:{{[0-9]+}}: in function 'variable_width': enzyme_width must be followed by a constant width from 1 to 64

Lanes2 missing_tangent(double x) {
  return __enzyme_fwddiff_lanes2((void *)sq, enzyme_width, 2, x, 1.0);
}
// CHECK-DAG: diag-vector-forward.c:[[@LINE-2]]:{{[0-9]+}}: in function 'missing_tangent': too few arguments to '__enzyme_fwddiff_lanes2': the tangent 2 of 2 of parameter 1 of 'sq' is missing

double one_lane_declared(double x) {
  return __enzyme_fwddiff((void *)sq, enzyme_width, 2, x, 1.0, 2.0);
}
// CHECK-DAG: diag-vector-forward.c:[[@LINE-2]]:{{[0-9]+}}: in function 'one_lane_declared': the call site expects a result of type double (1 float(s)), but the 2 tangents of the result of 'sq' (double) hold 2 float(s)

typedef struct {
  double value, tangent;
} Dual;
static double (*volatile hidden_sin)(double) = sin;
__attribute__((noinline)) double wave(double x) { return hidden_sin(x); }
Dual wave_forward(double x, double dx) {
  Dual d = {sin(x), cos(x) * dx};
  return d;
}
__attribute__((used)) void *__enzyme_register_derivative_wave[2] = {
    (void *)wave, (void *)wave_forward};
static double twice_wave(double x) { return 2 * wave(x); }

Lanes2 custom_in_lanes(double x) {
  return __enzyme_fwddiff_lanes2((void *)twice_wave, enzyme_width, 2, x, 1.0,
                                 0.5);
}
// CHECK-DAG: diag-vector-forward.c:[[@LINE-3]]:{{[0-9]+}}: in function 'custom_in_lanes': vector forward mode (enzyme_width 2) of 'twice_wave': its tangent code passes a tangent to 'wave_forward', which may keep or share it, which cannot run once per tangent
