//===- Report.h - Markdown tables of the pipeline benchmark -----*- C++ -*-===//

#ifndef QGRAD_BENCH_PIPELINE_REPORT_H
#define QGRAD_BENCH_PIPELINE_REPORT_H

#include "Configuration.h"
#include "Measurement.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace qgrad::bench {

/// One program's measurements; the first is the reference configuration.
struct ProgramResults {
  std::string program;
  std::vector<std::pair<const Configuration *, Measurement>> byConfig;

  const Measurement &reference() const { return byConfig.front().second; }
  /// The measurement of a configuration, or null if it was not run.
  const Measurement *find(llvm::StringRef config) const;
};

/// The configurations, every stage of every run, the targets, and the cost
/// and benefit of optimising before AD.
void writeMarkdown(llvm::raw_ostream &os,
                   llvm::ArrayRef<ProgramResults> results, unsigned repeats);

} // namespace qgrad::bench

#endif // QGRAD_BENCH_PIPELINE_REPORT_H
