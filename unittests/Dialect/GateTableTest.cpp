//===- GateTableTest.cpp - The gate table ---------------------------------===//

#include "qgrad/Dialect/Quantum/IR/GateTable.h"

#include "llvm/ADT/StringSet.h"

#include <gtest/gtest.h>

using namespace qgrad::quantum;

namespace {

TEST(GateTable, ListsEveryPennyLaneGateTheRuntimeUses) {
  const char *names[] = {"Identity", "PauliX",      "PauliY",
                         "PauliZ",   "Hadamard",    "S",
                         "T",        "PhaseShift",  "RX",
                         "RY",       "RZ",          "Rot",
                         "CNOT",     "CY",          "CZ",
                         "SWAP",     "IsingXX",     "IsingYY",
                         "IsingXY",  "IsingZZ",     "ControlledPhaseShift",
                         "CRX",      "CRY",         "CRZ",
                         "CRot",     "CSWAP",       "Toffoli",
                         "MultiRZ",  "QubitUnitary"};
  for (const char *name : names)
    EXPECT_NE(lookupGate(name), nullptr) << name;
  EXPECT_EQ(getGateTable().size(), std::size(names));
}

TEST(GateTable, NamesAreUnique) {
  llvm::StringSet<> seen;
  for (const GateInfo &gate : getGateTable())
    EXPECT_TRUE(seen.insert(gate.name).second) << gate.name.str();
}

TEST(GateTable, UnknownNamesAreRejected) {
  EXPECT_EQ(lookupGate("rx"), nullptr);
  EXPECT_EQ(lookupGate(""), nullptr);
  EXPECT_EQ(lookupGate("CNOT "), nullptr);
}

TEST(GateTable, ShapesAndShiftRules) {
  struct Expected {
    const char *name;
    unsigned params;
    int wires;
    ShiftRule rule;
  } cases[] = {
      {"Hadamard", 0, 1, ShiftRule::None},
      {"RX", 1, 1, ShiftRule::TwoTerm},
      {"Rot", 3, 1, ShiftRule::TwoTerm},
      {"CNOT", 0, 2, ShiftRule::None},
      {"IsingXY", 1, 2, ShiftRule::FourTerm},
      {"ControlledPhaseShift", 1, 2, ShiftRule::TwoTerm},
      {"CRY", 1, 2, ShiftRule::FourTerm},
      {"CRot", 3, 2, ShiftRule::FourTerm},
      {"Toffoli", 0, 3, ShiftRule::None},
      {"MultiRZ", 1, kAnyNumberOfWires, ShiftRule::TwoTerm},
  };
  for (const Expected &c : cases) {
    const GateInfo *gate = lookupGate(c.name);
    ASSERT_NE(gate, nullptr) << c.name;
    EXPECT_EQ(gate->numParams, c.params) << c.name;
    EXPECT_EQ(gate->numWires, c.wires) << c.name;
    EXPECT_EQ(gate->shiftRule, c.rule) << c.name;
  }
}

TEST(GateTable, OnlyParametrisedGatesHaveShiftRules) {
  for (const GateInfo &gate : getGateTable())
    EXPECT_EQ(gate.numParams == 0, gate.shiftRule == ShiftRule::None)
        << gate.name.str();
}

TEST(GateTable, SpellingsOfVariadicGates) {
  EXPECT_EQ(lookupGate("MultiRZ")->spelling, GateSpelling::MultiRZ);
  EXPECT_EQ(lookupGate("QubitUnitary")->spelling, GateSpelling::Unitary);
  for (const GateInfo &gate : getGateTable())
    EXPECT_EQ(gate.hasFixedWires(), gate.spelling == GateSpelling::Custom)
        << gate.name.str();
}

} // namespace
