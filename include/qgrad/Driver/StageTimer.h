//===- StageTimer.h - Wall-clock time of each pipeline stage ----*- C++ -*-===//

#ifndef QGRAD_DRIVER_STAGETIMER_H
#define QGRAD_DRIVER_STAGETIMER_H

#include "llvm/ADT/StringRef.h"

#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace qgrad::driver {

/// Records how long each named stage took, in the order the stages ran, so
/// reports list them in pipeline order.
class StageTimer {
public:
  /// Times `body` and records it under `stage`; returns what body returns.
  template <typename Body> auto time(llvm::StringRef stage, Body &&body) {
    auto start = std::chrono::steady_clock::now();
    struct Record {
      StageTimer &timer;
      llvm::StringRef stage;
      std::chrono::steady_clock::time_point start;
      ~Record() {
        std::chrono::duration<double, std::milli> elapsed =
            std::chrono::steady_clock::now() - start;
        timer.add(stage, elapsed.count());
      }
    } record{*this, stage, start};
    return body();
  }

  void add(llvm::StringRef stage, double milliseconds);
  const std::vector<std::pair<std::string, double>> &getStages() const {
    return stages;
  }

private:
  std::vector<std::pair<std::string, double>> stages;
};

} // namespace qgrad::driver

#endif // QGRAD_DRIVER_STAGETIMER_H
