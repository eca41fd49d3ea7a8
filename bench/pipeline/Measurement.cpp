//===- Measurement.cpp - Repeated runs, medians, result agreement ---------===//

#include "Measurement.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cmath>

using namespace qgrad::bench;

static constexpr llvm::StringLiteral kStageKeys[] = {
    "parse",       "gradient_lowering", "bufferize",  "lower_to_llvm",
    "translate",   "optimize",          "pre_ad_opt", "ad",
    "post_ad_opt", "codegen",           "execute"};

static constexpr double kRelativeTolerance = 1e-9;

llvm::ArrayRef<llvm::StringLiteral> qgrad::bench::getStageKeys() {
  return kStageKeys;
}

double qgrad::bench::median(std::vector<double> values) {
  if (values.empty())
    return NAN;
  std::sort(values.begin(), values.end());
  size_t middle = values.size() / 2;
  return values.size() % 2 ? values[middle]
                           : (values[middle - 1] + values[middle]) / 2;
}

static bool sameBits(llvm::ArrayRef<double> a, llvm::ArrayRef<double> b) {
  return a.size() == b.size() && llvm::all_of(llvm::zip(a, b), [](auto pair) {
           auto [x, y] = pair;
           return x == y || (std::isnan(x) && std::isnan(y));
         });
}

double Timing::stage(llvm::StringRef key) const {
  auto it = stagesMs.find(key.str());
  return it == stagesMs.end() ? NAN : it->second;
}

using StageMap = std::map<std::string, double>;

static Timing summarizeClock(llvm::ArrayRef<RunRecord> runs,
                             const StageMap RunRecord::*clock) {
  std::map<std::string, std::vector<double>> perStage;
  std::vector<double> compileTotals;
  for (const RunRecord &run : runs) {
    double compile = 0;
    for (const auto &[stage, ms] : run.*clock) {
      perStage[stage].push_back(ms);
      if (stage != "execute")
        compile += ms;
    }
    compileTotals.push_back(compile);
  }
  Timing timing;
  for (auto &[stage, values] : perStage)
    timing.stagesMs[stage] = median(values);
  timing.compileMs = median(compileTotals);
  timing.executeMs = timing.stage("execute");
  return timing;
}

Measurement qgrad::bench::summarize(llvm::ArrayRef<RunRecord> runs) {
  Measurement m;
  if (runs.empty()) {
    m.error = "no runs";
    return m;
  }
  m.wall = summarizeClock(runs, &RunRecord::stagesMs);
  m.cpu = summarizeClock(runs, &RunRecord::cpuStagesMs);
  std::vector<double> codeSizes, wallTimes;
  for (const RunRecord &run : runs) {
    wallTimes.push_back(run.wallMs);
    if (run.codeBytes)
      codeSizes.push_back(*run.codeBytes);
    m.deterministic &= sameBits(run.results, runs.front().results);
  }
  for (const auto &[stage, ms] : m.wall.stagesMs)
    if (!llvm::is_contained(kStageKeys, stage))
      m.unknownStages.push_back(stage);
  m.wallMs = median(wallTimes);
  if (!codeSizes.empty())
    m.codeBytes = static_cast<uint64_t>(median(codeSizes));
  m.results = runs.front().results;
  return m;
}

Measurement
qgrad::bench::measure(const std::function<llvm::Expected<RunRecord>()> &run,
                      unsigned repeats) {
  std::vector<RunRecord> runs;
  // Run 0 warms the page cache and the dynamic loader; it is not timed.
  for (unsigned i = 0; i <= repeats; ++i) {
    llvm::Expected<RunRecord> record = run();
    if (!record) {
      Measurement failed;
      failed.error = llvm::toString(record.takeError());
      return failed;
    }
    if (i > 0)
      runs.push_back(std::move(*record));
  }
  return summarize(runs);
}

Agreement qgrad::bench::compareResults(llvm::ArrayRef<double> results,
                                       llvm::ArrayRef<double> reference) {
  if (results.size() != reference.size())
    return {Agreement::ShapeDiffers};
  if (sameBits(results, reference))
    return {Agreement::Identical};
  // Normwise: an element that should be 0 but is 1e-17 is not an error.
  double scale = 1e-300;
  for (double y : reference)
    if (!std::isnan(y))
      scale = std::max(scale, std::fabs(y));
  double worst = 0;
  for (auto [x, y] : llvm::zip(results, reference)) {
    if (std::isnan(x) != std::isnan(y))
      return {Agreement::Differs, INFINITY};
    if (!std::isnan(x))
      worst = std::max(worst, std::fabs(x - y) / scale);
  }
  return {worst <= kRelativeTolerance ? Agreement::WithinTolerance
                                      : Agreement::Differs,
          worst};
}
