//===- MeasurementTest.cpp - Medians and result agreement -----------------===//

#include "Measurement.h"
#include "Configuration.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace qgrad::bench;

namespace {

TEST(Measurement, MedianOfOddAndEvenCounts) {
  EXPECT_EQ(median({3, 1, 2}), 2);
  EXPECT_EQ(median({4, 1, 3, 2}), 2.5);
  EXPECT_TRUE(std::isnan(median({})));
}

RunRecord run(double parseMs, double executeMs, std::vector<double> results) {
  RunRecord record;
  record.stagesMs = {{"parse", parseMs}, {"ad", 1}, {"execute", executeMs}};
  record.cpuStagesMs = record.stagesMs;
  record.results = std::move(results);
  record.codeBytes = 100;
  return record;
}

TEST(Measurement, CompileTimeIsEveryStageButExecute) {
  Measurement m =
      summarize({run(1, 50, {1}), run(3, 10, {1}), run(2, 20, {1})});
  EXPECT_EQ(m.wall.compileMs, 3); // median of 2, 4, 3
  EXPECT_EQ(m.wall.executeMs, 20);
  EXPECT_EQ(m.cpu.stage("parse"), 2);
  EXPECT_TRUE(std::isnan(m.cpu.stage("codegen")));
  EXPECT_TRUE(m.hasGradient());
  EXPECT_TRUE(m.deterministic);
  EXPECT_EQ(m.codeBytes, 100u);
}

TEST(Measurement, RunsThatDisagreeAreNotDeterministic) {
  Measurement m = summarize({run(1, 1, {1}), run(1, 1, {2}), run(1, 1, {1})});
  EXPECT_FALSE(m.deterministic);
}

TEST(Agreement, IdenticalWithinToleranceAndDiffering) {
  EXPECT_EQ(compareResults({1, NAN}, {1, NAN}).kind, Agreement::Identical);
  EXPECT_EQ(compareResults({1, 2}, {1, 2 + 1e-13}).kind,
            Agreement::WithinTolerance);
  Agreement zeros = compareResults({0, 0}, {1, -2});
  EXPECT_EQ(zeros.kind, Agreement::Differs);
  EXPECT_EQ(zeros.maxRelativeDifference, 1.0);
  EXPECT_EQ(compareResults({1}, {1, 2}).kind, Agreement::ShapeDiffers);
  EXPECT_EQ(compareResults({NAN}, {1}).kind, Agreement::Differs);
}

TEST(Agreement, ToleranceIsRelativeToTheLargestElement) {
  // 1e-17 where the reference has 0 is rounding, not a wrong gradient.
  EXPECT_EQ(compareResults({100, 1e-17}, {100, 0}).kind,
            Agreement::WithinTolerance);
}

TEST(Configuration, TheReferenceComesFirstAndSwitchesApplyByGradient) {
  auto configs = getConfigurations();
  ASSERT_FALSE(configs.empty());
  EXPECT_EQ(configs.front().name, "default");
  EXPECT_TRUE(configs.front().flags.empty());
  for (const Configuration &config : configs) {
    bool flagsMentionAD = false;
    for (llvm::StringRef flag : config.flags)
      flagsMentionAD |=
          flag.starts_with("--pre-ad") || flag.starts_with("--post-ad");
    if (flagsMentionAD)
      EXPECT_FALSE(appliesToProgram(config, /*hasGradient=*/false))
          << config.name.str();
  }
}

} // namespace
