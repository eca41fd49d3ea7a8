//===- Version.h - qgrad's version string -----------------------*- C++ -*-===//

#ifndef QGRAD_SUPPORT_VERSION_H
#define QGRAD_SUPPORT_VERSION_H

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace qgrad {

/// The project version, e.g. "0.1.0".
const char *getVersionString();

/// Prints "<tool> (qgrad X.Y.Z)" and the LLVM/MLIR version it was built
/// against; installed as the --version printer of every qgrad tool.
void printToolVersion(llvm::raw_ostream &os, const char *toolName);

} // namespace qgrad

#endif // QGRAD_SUPPORT_VERSION_H
