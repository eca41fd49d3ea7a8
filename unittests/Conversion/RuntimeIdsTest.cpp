//===- RuntimeIdsTest.cpp - The lowering's ids agree with the runtime -----===//
//
// The lowering maps gate and observable names to the runtime's enums through
// its own table; the runtime library answers the same question by name at
// run time. Both must agree for every gate of the dialect's gate table and
// every named observable.
//
//===----------------------------------------------------------------------===//

#include "qgrad/Conversion/QuantumToLLVM/RuntimeIds.h"
#include "qgrad/Dialect/Quantum/IR/GateTable.h"
#include "qgrad/Dialect/Quantum/IR/QuantumAttrs.h"

#include "qgrad_rt.h"

#include <gtest/gtest.h>
#include <string>

using namespace qgrad::quantum;

TEST(RuntimeIds, EveryGateOfTheTableHasTheRuntimesId) {
  for (const GateInfo &gate : getGateTable()) {
    std::string name = gate.name.str();
    std::optional<int64_t> id = getRuntimeGateId(gate.name);
    ASSERT_TRUE(id.has_value()) << name;
    EXPECT_EQ(*id, qgrad_rt_gate_id(name.c_str())) << name;
    EXPECT_EQ(qgrad_rt_gate_num_params(*id),
              gate.spelling == GateSpelling::Unitary ? 0 : gate.numParams)
        << name;
    EXPECT_EQ(qgrad_rt_gate_num_wires(*id),
              gate.hasFixedWires() ? gate.numWires : 0)
        << name;
  }
}

TEST(RuntimeIds, UnknownGatesHaveNoId) {
  EXPECT_FALSE(getRuntimeGateId("NotAGate").has_value());
  EXPECT_FALSE(getRuntimeGateId("").has_value());
}

TEST(RuntimeIds, EveryNamedObservableHasTheRuntimesId) {
  for (uint32_t raw = 0;; ++raw) {
    std::optional<NamedObservable> kind = symbolizeNamedObservable(raw);
    if (!kind)
      break;
    std::string name = stringifyNamedObservable(*kind).str();
    std::optional<int64_t> id = getRuntimeObservableId(*kind);
    ASSERT_TRUE(id.has_value()) << name;
    EXPECT_EQ(*id, qgrad_rt_obs_id(name.c_str())) << name;
  }
}
