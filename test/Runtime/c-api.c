// The C API as compiled code uses it: a circuit, measurements, the adjoint
// Jacobian, and a runtime error reported once at the end with exit status 1.
//
// clang-format off
// RUN: %clang -O1 -I %qgrad_src/runtime/include %s -L %qgrad_lib -lqgrad_rt -Wl,-rpath,%qgrad_lib -o %t
// RUN: %t | FileCheck %s
// RUN: not %t bad-wire 2>&1 | FileCheck %s --check-prefix=ERR
// clang-format on

#include "qgrad_rt.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  qgrad_rt_context *ctx = qgrad_rt_default_context();
  qgrad_rt_allocate(ctx, 2);
  int64_t w0 = 0, pair[2] = {0, 1};
  int64_t target = argc > 1 && !strcmp(argv[1], "bad-wire") ? 5 : 1;
  double theta = 0.5;

  qgrad_rt_tape_start(ctx);
  qgrad_rt_apply(ctx, qgrad_rt_gate_id("RX"), &theta, &w0, 1, 0);
  qgrad_rt_apply(ctx, qgrad_rt_gate_id("CNOT"), NULL, (int64_t[]){0, target}, 2,
                 0);
  qgrad_rt_tape_stop(ctx);

  double probs[4];
  qgrad_rt_probs(ctx, pair, 2, probs);
  int64_t z0 = qgrad_rt_obs_named(ctx, QGRAD_RT_OBS_PAULI_Z, 0);
  int64_t z1 = qgrad_rt_obs_named(ctx, QGRAD_RT_OBS_PAULI_Z, 1);
  int64_t zz = qgrad_rt_obs_tensor(ctx, (int64_t[]){z0, z1}, 2);
  double expval = qgrad_rt_expval(ctx, z1);
  double correlation = qgrad_rt_expval(ctx, zz);
  double jac[1] = {0};
  qgrad_rt_adjoint_jacobian(ctx, &z1, 1, jac, 1);

  const char *error = qgrad_rt_last_error(ctx);
  if (error) {
    fprintf(stderr, "error: %s\n", error);
    return 1;
  }
  // CHECK: probs 0.938791 0.000000 0.000000 0.061209
  printf("probs %f %f %f %f\n", probs[0], probs[1], probs[2], probs[3]);
  // cos(0.5) and its derivative -sin(0.5).
  // CHECK-NEXT: <Z1> 0.877583 <Z0 Z1> 1.000000
  printf("<Z1> %f <Z0 Z1> %f\n", expval, correlation);
  // CHECK-NEXT: d<Z1>/dtheta -0.479426
  printf("d<Z1>/dtheta %f\n", jac[0]);
  return 0;
}

// ERR: error: qgrad_rt_apply: CNOT: wire 5 is outside the register of 2 qubits
