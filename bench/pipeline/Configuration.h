//===- Configuration.h - Pipeline configurations under test -----*- C++ -*-===//

#ifndef QGRAD_BENCH_PIPELINE_CONFIGURATION_H
#define QGRAD_BENCH_PIPELINE_CONFIGURATION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace qgrad::bench {

/// Which programs a configuration can change: the AD stage switches only
/// matter for programs with a gradient, forcing the AD stages only for
/// programs without one.
enum class AppliesTo { All, WithGradient, WithoutGradient };

struct Configuration {
  llvm::StringLiteral name;
  llvm::StringLiteral description;
  /// Options given to `qgrad run` in addition to the program's arguments.
  llvm::ArrayRef<llvm::StringLiteral> flags;
  AppliesTo appliesTo;
};

/// The configurations, the reference (the driver's defaults) first.
llvm::ArrayRef<Configuration> getConfigurations();

bool appliesToProgram(const Configuration &config, bool hasGradient);

} // namespace qgrad::bench

#endif // QGRAD_BENCH_PIPELINE_CONFIGURATION_H
