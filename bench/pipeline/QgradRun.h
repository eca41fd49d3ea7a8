//===- QgradRun.h - One `qgrad run --json` as a subprocess ------*- C++ -*-===//

#ifndef QGRAD_BENCH_PIPELINE_QGRADRUN_H
#define QGRAD_BENCH_PIPELINE_QGRADRUN_H

#include "BenchProgram.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace qgrad::bench {

/// What one run reported.
struct RunRecord {
  /// timings_ms (wall clock) and cpu_ms (process CPU time), by stage key.
  std::map<std::string, double> stagesMs;
  std::map<std::string, double> cpuStagesMs;
  std::optional<uint64_t> codeBytes;
  /// Every result element in order, tensors flattened; JSON null is NaN.
  std::vector<double> results;
  /// The whole process, as the harness saw it: start-up (loading the
  /// shared libraries, registering dialects) included.
  double wallMs = 0;
};

/// Parses the output of `qgrad run --json`.
llvm::Expected<RunRecord> parseRunReport(llvm::StringRef json);

/// Runs `qgrad run FILE --json FLAGS... ARGUMENTS...` and parses its report.
/// A non-zero exit status becomes an error carrying qgrad's first message.
llvm::Expected<RunRecord> runQgrad(llvm::StringRef qgradPath,
                                   const BenchProgram &program,
                                   llvm::ArrayRef<llvm::StringLiteral> flags,
                                   unsigned timeoutSeconds);

} // namespace qgrad::bench

#endif // QGRAD_BENCH_PIPELINE_QGRADRUN_H
