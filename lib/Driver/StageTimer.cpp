//===- StageTimer.cpp - Wall-clock and CPU time of each stage -------------===//

#include "qgrad/Driver/StageTimer.h"

#include <ctime>

using namespace qgrad::driver;

double qgrad::driver::getProcessCPUMilliseconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return now.tv_sec * 1e3 + now.tv_nsec * 1e-6;
}

// A stage that runs more than once (e.g. per function) accumulates.
static void accumulate(StageTimer::Stages &stages, llvm::StringRef stage,
                       double milliseconds) {
  for (auto &[name, total] : stages)
    if (name == stage) {
      total += milliseconds;
      return;
    }
  stages.emplace_back(stage.str(), milliseconds);
}

void StageTimer::add(llvm::StringRef stage, double milliseconds,
                     double cpuMilliseconds) {
  accumulate(stages, stage, milliseconds);
  accumulate(cpuStages, stage, cpuMilliseconds);
}
