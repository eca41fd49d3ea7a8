//===- BenchProgramTest.cpp - BENCH lines and qgrad's JSON report ---------===//

#include "BenchProgram.h"
#include "QgradRun.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace qgrad::bench;

namespace {

TEST(BenchProgram, ReadsNameAndArgumentsOfEveryBenchLine) {
  auto programs =
      parseBenchLines("p.mlir", "// a comment\n"
                                "// BENCH: first --entry f 1.5 [1,2]\n"
                                "func.func @f() { return }\n"
                                "  // BENCH:   second   -2  \n");
  ASSERT_TRUE(static_cast<bool>(programs));
  ASSERT_EQ(programs->size(), 2u);
  EXPECT_EQ((*programs)[0].name, "first");
  EXPECT_EQ((*programs)[0].path, "p.mlir");
  EXPECT_EQ((*programs)[0].arguments,
            (std::vector<std::string>{"--entry", "f", "1.5", "[1,2]"}));
  EXPECT_EQ((*programs)[1].name, "second");
  EXPECT_EQ((*programs)[1].arguments, (std::vector<std::string>{"-2"}));
}

TEST(BenchProgram, ALineWithoutANameIsAnErrorWithItsLocation) {
  auto programs = parseBenchLines("p.mlir", "\n\n// BENCH:\n");
  ASSERT_FALSE(static_cast<bool>(programs));
  EXPECT_EQ(llvm::toString(programs.takeError()),
            "p.mlir:3:1: error: BENCH line without a program name");
}

TEST(RunReport, FlattensResultsAndReadsBothClocksAndCodeSize) {
  auto record = parseRunReport(
      R"({"results": [1.5, [[1, 2], [null, 4]], true], )"
      R"("timings_ms": {"parse": 2.5, "execute": 1.0}, )"
      R"("cpu_ms": {"parse": 2.0, "execute": 0.5}, "code_bytes": 640})");
  ASSERT_TRUE(static_cast<bool>(record)) << llvm::toString(record.takeError());
  ASSERT_EQ(record->results.size(), 6u);
  EXPECT_EQ(record->results[0], 1.5);
  EXPECT_EQ(record->results[2], 2.0);
  EXPECT_TRUE(std::isnan(record->results[3]));
  EXPECT_EQ(record->results[5], 1.0);
  EXPECT_EQ(record->stagesMs.at("parse"), 2.5);
  EXPECT_EQ(record->cpuStagesMs.at("execute"), 0.5);
  EXPECT_EQ(record->codeBytes, 640u);
}

TEST(RunReport, MissingKeysAndBadJSONAreErrors) {
  auto noTimings = parseRunReport(R"({"results": []})");
  ASSERT_FALSE(static_cast<bool>(noTimings));
  EXPECT_NE(llvm::toString(noTimings.takeError()).find("timings_ms"),
            std::string::npos);
  auto garbage = parseRunReport("qgrad: error: something");
  ASSERT_FALSE(static_cast<bool>(garbage));
  EXPECT_NE(llvm::toString(garbage.takeError()).find("no valid JSON"),
            std::string::npos);
}

} // namespace
