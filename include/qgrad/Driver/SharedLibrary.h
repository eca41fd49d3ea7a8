//===- SharedLibrary.h - Ahead-of-time output of `qgrad compile` -*- C++ -*-===//

#ifndef QGRAD_DRIVER_SHAREDLIBRARY_H
#define QGRAD_DRIVER_SHAREDLIBRARY_H

#include "llvm/Support/Error.h"

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace qgrad::driver {

/// Emits `module` as a position-independent object and links it into the
/// shared library `outputPath` with clang-22 and lld, against libm.
llvm::Error writeSharedLibrary(llvm::Module &module,
                               llvm::TargetMachine &targetMachine,
                               llvm::StringRef outputPath);

} // namespace qgrad::driver

#endif // QGRAD_DRIVER_SHAREDLIBRARY_H
