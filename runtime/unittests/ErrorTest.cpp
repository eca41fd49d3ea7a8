//===- ErrorTest.cpp - Errors through the C API --------------------------===//
#include "qgrad_rt.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

/// A fresh context with n qubits.
struct Context {
  qgrad_rt_context *ctx = qgrad_rt_context_create();
  explicit Context(int64_t n = 2) { qgrad_rt_allocate(ctx, n); }
  ~Context() { qgrad_rt_context_destroy(ctx); }
  std::string error() const {
    const char *e = qgrad_rt_last_error(ctx);
    return e ? e : "";
  }
};

TEST(Errors, InvalidWires) {
  Context c;
  double angle = 0.5;
  int64_t bad = 2;
  EXPECT_EQ(qgrad_rt_apply(c.ctx, QGRAD_RT_RX, &angle, &bad, 1, 0),
            QGRAD_RT_ERROR);
  EXPECT_EQ(c.error(), "qgrad_rt_apply: RX: wire 2 is outside the register "
                       "of 2 qubits");
  qgrad_rt_clear_error(c.ctx);
  int64_t twice[2] = {1, 1};
  EXPECT_EQ(qgrad_rt_apply(c.ctx, QGRAD_RT_CNOT, nullptr, twice, 2, 0),
            QGRAD_RT_ERROR);
  EXPECT_NE(c.error().find("wire 1 is used twice"), std::string::npos);
  qgrad_rt_clear_error(c.ctx);
  EXPECT_EQ(qgrad_rt_apply(c.ctx, QGRAD_RT_CNOT, nullptr, twice, 1, 0),
            QGRAD_RT_ERROR);
  EXPECT_NE(c.error().find("CNOT: expects 2 wires, got 1"), std::string::npos);
  qgrad_rt_clear_error(c.ctx);
  int64_t negative = -1;
  EXPECT_EQ(qgrad_rt_probs(c.ctx, &negative, 1, nullptr), QGRAD_RT_ERROR);
  qgrad_rt_clear_error(c.ctx);
  double probs[2];
  EXPECT_EQ(qgrad_rt_probs(c.ctx, &negative, 1, probs), QGRAD_RT_ERROR);
  EXPECT_NE(c.error().find("wire -1"), std::string::npos);
}

TEST(Errors, StateTooLargeNamesTheSize) {
  Context c;
  EXPECT_EQ(qgrad_rt_allocate(c.ctx, 45), QGRAD_RT_ERROR);
  EXPECT_NE(c.error().find("cannot allocate 45 qubits: the state vector "
                           "needs 512 TiB"),
            std::string::npos)
      << c.error();
  qgrad_rt_clear_error(c.ctx);
  EXPECT_EQ(qgrad_rt_allocate(c.ctx, 1000), QGRAD_RT_ERROR);
  EXPECT_NE(c.error().find("1000 qubits"), std::string::npos);
  qgrad_rt_clear_error(c.ctx);
  EXPECT_EQ(qgrad_rt_allocate(c.ctx, -3), QGRAD_RT_ERROR);
  // The failed allocations left the previous register usable.
  qgrad_rt_clear_error(c.ctx);
  EXPECT_EQ(qgrad_rt_num_qubits(c.ctx), 2);
}

TEST(Errors, UnknownGatesAndObservables) {
  Context c;
  EXPECT_EQ(qgrad_rt_gate_id("NotAGate"), -1);
  EXPECT_EQ(qgrad_rt_gate_id(nullptr), -1);
  EXPECT_EQ(qgrad_rt_gate_id("CRot"), QGRAD_RT_CROT);
  EXPECT_EQ(qgrad_rt_gate_name(QGRAD_RT_NUM_GATES), nullptr);
  int64_t w = 0;
  EXPECT_EQ(qgrad_rt_apply(c.ctx, 999, nullptr, &w, 1, 0), QGRAD_RT_ERROR);
  EXPECT_EQ(c.error(), "qgrad_rt_apply: unknown gate id 999");
  qgrad_rt_clear_error(c.ctx);
  EXPECT_EQ(qgrad_rt_obs_id("PauliQ"), -1);
  EXPECT_EQ(qgrad_rt_obs_named(c.ctx, 17, 0), -1);
  EXPECT_NE(c.error().find("unknown observable id 17"), std::string::npos);
  qgrad_rt_clear_error(c.ctx);
  EXPECT_TRUE(std::isnan(qgrad_rt_expval(c.ctx, 5)));
  EXPECT_NE(c.error().find("unknown observable handle 5"), std::string::npos);
  qgrad_rt_clear_error(c.ctx);
  int64_t obs = qgrad_rt_obs_named(c.ctx, QGRAD_RT_OBS_PAULI_Z, 7);
  ASSERT_GE(obs, 0);
  EXPECT_TRUE(std::isnan(qgrad_rt_expval(c.ctx, obs)));
  EXPECT_NE(c.error().find("wire 7"), std::string::npos);
}

TEST(Errors, BadMatricesAndPointers) {
  Context c;
  int64_t w = 0;
  double notUnitary[8] = {1, 0, 1, 0, 0, 0, 1, 0};
  EXPECT_EQ(qgrad_rt_apply(c.ctx, QGRAD_RT_QUBIT_UNITARY, notUnitary, &w, 1, 0),
            QGRAD_RT_ERROR);
  EXPECT_NE(c.error().find("not unitary"), std::string::npos);
  qgrad_rt_clear_error(c.ctx);
  double notHermitian[8] = {1, 0, 1, 0, 0, 0, 1, 0};
  EXPECT_EQ(qgrad_rt_obs_hermitian(c.ctx, notHermitian, &w, 1), -1);
  EXPECT_NE(c.error().find("not Hermitian"), std::string::npos);
  qgrad_rt_clear_error(c.ctx);
  EXPECT_EQ(qgrad_rt_apply(c.ctx, QGRAD_RT_RX, nullptr, &w, 1, 0),
            QGRAD_RT_ERROR);
  EXPECT_NE(c.error().find("params pointer is null"), std::string::npos);
  qgrad_rt_clear_error(c.ctx);
  int64_t z = qgrad_rt_obs_named(c.ctx, QGRAD_RT_OBS_PAULI_Z, 0);
  int64_t factors[2] = {z, z};
  EXPECT_EQ(qgrad_rt_obs_tensor(c.ctx, factors, 2), -1);
  EXPECT_NE(c.error().find("two factors act on wire 0"), std::string::npos);
}

TEST(Errors, CompiledCodeReportsItsOwnFailure) {
  Context c;
  EXPECT_EQ(qgrad_rt_fail(c.ctx, "quantum.probs at f.mlir:3:7: buffer of 3"),
            QGRAD_RT_ERROR);
  EXPECT_EQ(c.error(), "quantum.probs at f.mlir:3:7: buffer of 3");
  // Sticky: later calls do nothing, and a second failure keeps the first.
  int64_t w = 0;
  EXPECT_EQ(qgrad_rt_apply(c.ctx, QGRAD_RT_PAULI_X, nullptr, &w, 1, 0),
            QGRAD_RT_ERROR);
  qgrad_rt_fail(c.ctx, "second");
  EXPECT_EQ(c.error(), "quantum.probs at f.mlir:3:7: buffer of 3");
  qgrad_rt_clear_error(c.ctx);
  EXPECT_EQ(qgrad_rt_apply(c.ctx, QGRAD_RT_PAULI_X, nullptr, &w, 1, 0),
            QGRAD_RT_OK);
}

TEST(Errors, OversizedUnitary) {
  Context c(14);
  int64_t wires[13];
  for (int64_t w = 0; w < 13; ++w)
    wires[w] = w;
  double unused = 0;
  EXPECT_EQ(
      qgrad_rt_apply(c.ctx, QGRAD_RT_QUBIT_UNITARY, &unused, wires, 13, 0),
      QGRAD_RT_ERROR);
  EXPECT_NE(c.error().find("QubitUnitary on 13 wires: at most 12"),
            std::string::npos)
      << c.error();
}

TEST(Errors, StickyUntilCleared) {
  Context c;
  int64_t bad = 9;
  double angle = 0.1;
  EXPECT_EQ(qgrad_rt_apply(c.ctx, QGRAD_RT_RX, &angle, &bad, 1, 0),
            QGRAD_RT_ERROR);
  std::string first = c.error();
  int64_t good = 0;
  // Later calls do nothing and keep the first message.
  EXPECT_EQ(qgrad_rt_apply(c.ctx, QGRAD_RT_RX, &angle, &good, 1, 0),
            QGRAD_RT_ERROR);
  EXPECT_EQ(qgrad_rt_num_qubits(c.ctx), -1);
  EXPECT_EQ(c.error(), first);
  EXPECT_EQ(std::string(qgrad_rt_last_error(nullptr)), first);
  qgrad_rt_clear_error(c.ctx);
  EXPECT_EQ(qgrad_rt_last_error(c.ctx), nullptr);
  EXPECT_EQ(qgrad_rt_apply(c.ctx, QGRAD_RT_RX, &angle, &good, 1, 0),
            QGRAD_RT_OK);
  EXPECT_EQ(qgrad_rt_allocate(nullptr, 1), QGRAD_RT_ERROR);
  EXPECT_EQ(std::string(qgrad_rt_last_error(nullptr)),
            "qgrad_rt_allocate: the context is null");
}

TEST(Errors, MeasurementAndTapeMisuse) {
  Context c;
  EXPECT_EQ(qgrad_rt_measure(c.ctx, 0, 1), -1);
  EXPECT_NE(c.error().find("probability"), std::string::npos);
  qgrad_rt_clear_error(c.ctx);
  int64_t z = qgrad_rt_obs_named(c.ctx, QGRAD_RT_OBS_PAULI_Z, 0);
  double jac[1];
  EXPECT_EQ(qgrad_rt_adjoint_jacobian(c.ctx, &z, 1, jac, 0), QGRAD_RT_ERROR);
  EXPECT_NE(c.error().find("no gate tape"), std::string::npos);
  qgrad_rt_clear_error(c.ctx);
  qgrad_rt_tape_start(c.ctx);
  int64_t w = 1;
  double angle = 0.2;
  qgrad_rt_apply(c.ctx, QGRAD_RT_RY, &angle, &w, 1, 0);
  qgrad_rt_tape_stop(c.ctx);
  EXPECT_EQ(qgrad_rt_adjoint_jacobian(c.ctx, &z, 1, jac, 3), QGRAD_RT_ERROR);
  EXPECT_NE(c.error().find("the buffer is for 3 parameters but the tape has 1"),
            std::string::npos);
  qgrad_rt_clear_error(c.ctx);
  EXPECT_EQ(qgrad_rt_sample(c.ctx, nullptr, 0, -5, 0, nullptr), QGRAD_RT_ERROR);
  Context empty(0);
  qgrad_rt_context *fresh = qgrad_rt_context_create();
  EXPECT_TRUE(std::isnan(qgrad_rt_expval(fresh, 0)));
  qgrad_rt_clear_error(fresh);
  EXPECT_EQ(qgrad_rt_apply(fresh, QGRAD_RT_RX, &angle, &w, 1, 0),
            QGRAD_RT_ERROR);
  EXPECT_NE(std::string(qgrad_rt_last_error(fresh)).find("no qubits"),
            std::string::npos);
  qgrad_rt_context_destroy(fresh);
}

TEST(Errors, AdjointJacobianThroughTheCApi) {
  Context c(1);
  int64_t w = 0;
  double angle = 0.7;
  qgrad_rt_tape_start(c.ctx);
  qgrad_rt_apply(c.ctx, QGRAD_RT_RX, &angle, &w, 1, 0);
  qgrad_rt_tape_stop(c.ctx);
  int64_t z = qgrad_rt_obs_named(c.ctx, QGRAD_RT_OBS_PAULI_Z, 0);
  ASSERT_EQ(qgrad_rt_tape_num_params(c.ctx), 1);
  double jac = 0;
  ASSERT_EQ(qgrad_rt_adjoint_jacobian(c.ctx, &z, 1, &jac, 1), QGRAD_RT_OK);
  EXPECT_NEAR(jac, -std::sin(angle), 1e-15); // d cos(t) / dt
}

} // namespace
