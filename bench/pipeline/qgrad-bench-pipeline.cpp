//===- qgrad-bench-pipeline.cpp - Compile and run times of the pipeline ---===//

#include "Harness.h"

#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  auto options = qgrad::bench::parseHarnessOptions(
      argv[0], llvm::ArrayRef<const char *>(argv + 1, argv + argc));
  if (!options) {
    llvm::errs() << "qgrad-bench-pipeline: error: "
                 << llvm::toString(options.takeError())
                 << "\n(run 'qgrad-bench-pipeline --help' for usage)\n";
    return 2;
  }
  if (options->help) {
    llvm::outs() << qgrad::bench::getHarnessHelp();
    return 0;
  }
  return qgrad::bench::runHarness(*options);
}
