//===- StageTimer.h - Wall-clock and CPU time of each stage -----*- C++ -*-===//

#ifndef QGRAD_DRIVER_STAGETIMER_H
#define QGRAD_DRIVER_STAGETIMER_H

#include "llvm/ADT/StringRef.h"

#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace qgrad::driver {

/// CPU time of the whole process (every thread), in milliseconds.
double getProcessCPUMilliseconds();

/// Records how long each named stage took, in the order the stages ran, so
/// reports list them in pipeline order: wall-clock time, and the process's
/// CPU time, which a loaded machine does not inflate.
class StageTimer {
public:
  using Stages = std::vector<std::pair<std::string, double>>;

  /// Times `body` and records it under `stage`; returns what body returns.
  template <typename Body> auto time(llvm::StringRef stage, Body &&body) {
    struct Record {
      StageTimer &timer;
      llvm::StringRef stage;
      std::chrono::steady_clock::time_point start =
          std::chrono::steady_clock::now();
      double cpuStart = getProcessCPUMilliseconds();
      ~Record() {
        std::chrono::duration<double, std::milli> elapsed =
            std::chrono::steady_clock::now() - start;
        timer.add(stage, elapsed.count(),
                  getProcessCPUMilliseconds() - cpuStart);
      }
    } record{*this, stage};
    return body();
  }

  void add(llvm::StringRef stage, double milliseconds,
           double cpuMilliseconds = 0);
  const Stages &getStages() const { return stages; }
  const Stages &getCPUStages() const { return cpuStages; }

private:
  Stages stages;
  Stages cpuStages;
};

} // namespace qgrad::driver

#endif // QGRAD_DRIVER_STAGETIMER_H
