//===- qgrad/AD/Diagnostics.h - Error messages of the AD engine -*- C++ -*-===//
//
// Every failure of the engine is an llvm::Error whose text names the function,
// the instruction and, when debug info exists, file:line:col, and says what
// the user can do about it.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_AD_DIAGNOSTICS_H
#define QGRAD_AD_DIAGNOSTICS_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace qgrad::ad {

/// Source position of an instruction as "file:line:col", or "" without
/// debug info.
std::string sourceLocation(const llvm::Instruction *I);

/// An error about instruction I (may be null) of function F. The message reads
///   file:line:col: in function 'F': What
///     instruction: <I as printed IR>
///     note: Hint
llvm::Error makeError(const llvm::Function *F, const llvm::Instruction *I,
                      const llvm::Twine &What, const llvm::Twine &Hint = "");

/// Collects errors so one run reports every problem, not only the first.
class DiagnosticCollector {
public:
  void add(llvm::Error E);
  bool empty() const { return Count == 0; }
  llvm::Error take();

private:
  llvm::Error Pending = llvm::Error::success();
  unsigned Count = 0;
};

} // namespace qgrad::ad

#endif // QGRAD_AD_DIAGNOSTICS_H
