//===- StageTimer.cpp - Wall-clock time of each pipeline stage ------------===//

#include "qgrad/Driver/StageTimer.h"

using namespace qgrad::driver;

void StageTimer::add(llvm::StringRef stage, double milliseconds) {
  // A stage that runs more than once (e.g. per function) accumulates.
  for (auto &[name, total] : stages)
    if (name == stage) {
      total += milliseconds;
      return;
    }
  stages.emplace_back(stage.str(), milliseconds);
}
