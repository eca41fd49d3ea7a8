//===- Driver.h - The qgrad command ------------------------------*- C++ -*-===//

#ifndef QGRAD_DRIVER_DRIVER_H
#define QGRAD_DRIVER_DRIVER_H

#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace qgrad::driver {

/// Exit statuses of every qgrad tool.
enum ExitStatus : int {
  kSuccess = 0,
  kInputError = 1, // the program, its arguments or a runtime failure
  kUsageError = 2, // the command line
};

/// Runs `qgrad` with `args` (argv without the program name); results go to
/// stdout, diagnostics to stderr. Returns the exit status.
int runDriver(llvm::ArrayRef<std::string> args);

} // namespace qgrad::driver

#endif // QGRAD_DRIVER_DRIVER_H
