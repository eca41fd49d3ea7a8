//===- Harness.h - The pipeline benchmark's command -------------*- C++ -*-===//

#ifndef QGRAD_BENCH_PIPELINE_HARNESS_H
#define QGRAD_BENCH_PIPELINE_HARNESS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace qgrad::bench {

struct HarnessOptions {
  std::string qgradPath;
  std::string programsDir;
  /// Empty: every program, every configuration.
  std::vector<std::string> programs;
  std::vector<std::string> configs;
  unsigned repeats = 5;
  unsigned timeoutSeconds = 600;
  /// Run each program once in the default configuration and print its
  /// results (the correctness check of `make test`).
  bool once = false;
  bool help = false;
  std::string markdownPath;
  std::string plotPath;
};

/// `argv0` locates the default qgrad (next to this tool).
llvm::Expected<HarnessOptions>
parseHarnessOptions(const char *argv0, llvm::ArrayRef<const char *> args);

const char *getHarnessHelp();

/// Runs the benchmark and returns the exit status: 0 when every program
/// ran in the default configuration (a configuration that fails or differs
/// is reported in the table, not as an exit status), 1 otherwise.
int runHarness(const HarnessOptions &options);

} // namespace qgrad::bench

#endif // QGRAD_BENCH_PIPELINE_HARNESS_H
