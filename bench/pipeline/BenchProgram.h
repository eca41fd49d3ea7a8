//===- BenchProgram.h - The programs of bench/programs ----------*- C++ -*-===//
//
// A bench program is one `qgrad run` invocation: a file and the arguments
// after it. Each file declares its invocations in header comments,
//   // BENCH: NAME [--entry ENTRY] ARG ...
// so that the harness and the lit test read the same arguments.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_BENCH_PIPELINE_BENCHPROGRAM_H
#define QGRAD_BENCH_PIPELINE_BENCHPROGRAM_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace qgrad::bench {

struct BenchProgram {
  std::string name;
  std::string path;
  /// Passed to `qgrad run FILE` verbatim (options such as --entry included).
  std::vector<std::string> arguments;
};

/// The BENCH lines of one file's text; `path` is recorded in each program
/// and names the file in errors.
llvm::Expected<std::vector<BenchProgram>> parseBenchLines(llvm::StringRef path,
                                                          llvm::StringRef text);

/// Every program of every *.mlir file in `directory`, files in name order.
/// A directory without programs, or two programs with one name, is an error.
llvm::Expected<std::vector<BenchProgram>> loadSuite(llvm::StringRef directory);

} // namespace qgrad::bench

#endif // QGRAD_BENCH_PIPELINE_BENCHPROGRAM_H
