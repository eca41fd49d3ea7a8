//===- Measurement.h - Repeated runs, medians, result agreement -*- C++ -*-===//

#ifndef QGRAD_BENCH_PIPELINE_MEASUREMENT_H
#define QGRAD_BENCH_PIPELINE_MEASUREMENT_H

#include "QgradRun.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace qgrad::bench {

/// The stage keys of `qgrad run --json`, in pipeline order.
llvm::ArrayRef<llvm::StringLiteral> getStageKeys();

/// Medians of one clock (wall or CPU) over the timed runs.
struct Timing {
  /// Median of each stage.
  std::map<std::string, double> stagesMs;
  /// Median of each run's compile time (every stage but execute).
  double compileMs = 0;
  double executeMs = 0;

  double stage(llvm::StringRef key) const;
};

/// Medians over the timed runs of one program in one configuration, or the
/// error of the first run that failed.
struct Measurement {
  std::string error;
  Timing wall;
  /// Process CPU time: what the stages cost when the machine is shared.
  Timing cpu;
  /// Median wall time of the whole qgrad process.
  double wallMs = 0;
  std::optional<uint64_t> codeBytes;
  std::vector<double> results;
  /// False when a run printed other results than the first.
  bool deterministic = true;
  /// Keys that getStageKeys() does not list (still counted as compile time).
  std::vector<std::string> unknownStages;

  bool failed() const { return !error.empty(); }
  bool hasGradient() const { return wall.stagesMs.count("ad") != 0; }
};

double median(std::vector<double> values);

/// Combines the records of the timed runs.
Measurement summarize(llvm::ArrayRef<RunRecord> runs);

/// Runs `run` once to warm caches, then `repeats` times, and summarizes.
Measurement measure(const std::function<llvm::Expected<RunRecord>()> &run,
                    unsigned repeats);

/// How a configuration's results compare with the reference's.
struct Agreement {
  enum Kind { Identical, WithinTolerance, Differs, ShapeDiffers } kind;
  double maxRelativeDifference = 0;
};

/// Elementwise comparison; "within tolerance" is a difference of at most
/// 1e-9 times the largest reference element (NaN only agrees with NaN).
Agreement compareResults(llvm::ArrayRef<double> results,
                         llvm::ArrayRef<double> reference);

} // namespace qgrad::bench

#endif // QGRAD_BENCH_PIPELINE_MEASUREMENT_H
