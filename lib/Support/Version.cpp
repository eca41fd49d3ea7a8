//===- Version.cpp - qgrad's version string -------------------------------===//

#include "qgrad/Support/Version.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/raw_ostream.h"

#ifndef QGRAD_VERSION
#error "QGRAD_VERSION must be defined by the build"
#endif

const char *qgrad::getVersionString() { return QGRAD_VERSION; }

void qgrad::printToolVersion(llvm::raw_ostream &os, const char *toolName) {
  os << toolName << " (qgrad " << QGRAD_VERSION << ")\n"
     << "  built against LLVM/MLIR " << LLVM_VERSION_STRING << "\n";
}
