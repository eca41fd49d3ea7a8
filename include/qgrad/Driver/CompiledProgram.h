//===- CompiledProgram.h - A module compiled in process ---------*- C++ -*-===//
//
// The library form of `qgrad run`: a module (MLIR text in memory, or an
// already built ModuleOp) goes through the driver's stages once, its entry
// points are JIT-compiled together, and each can then be called any number
// of times on HostValues. The Python frontend and the C++ builder both use
// it, so a program compiles the same way whichever door it came through.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_DRIVER_COMPILEDPROGRAM_H
#define QGRAD_DRIVER_COMPILEDPROGRAM_H

#include "qgrad/Driver/EntryPoint.h"
#include "qgrad/Driver/HostValue.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace qgrad::driver {

struct CompileOptions {
  /// The -O level of the LLVM pipeline (the AD engine's O2 around it is
  /// fixed, as in the driver).
  unsigned optLevel = 2;
  /// When set, every stage's IR is written there (0-input.mlir ...
  /// 4-llvm-opt.ll), as `qgrad run --keep-intermediate DIR` does.
  std::string keepIntermediateDir;
};

class CompiledProgram {
public:
  /// Parses `mlirText` (diagnostics name `bufferName`, or the locations the
  /// text carries) and compiles `entries`. Every error, MLIR's located
  /// diagnostics included, is in the returned message.
  static llvm::Expected<CompiledProgram>
  compileText(llvm::StringRef mlirText, llvm::StringRef bufferName,
              llvm::ArrayRef<std::string> entries,
              const CompileOptions &options = {});
  /// Compiles `module`, which must live in `context` (created by
  /// createContext()).
  static llvm::Expected<CompiledProgram>
  compileModule(mlir::ModuleOp module, llvm::ArrayRef<std::string> entries,
                const CompileOptions &options = {});

  CompiledProgram(CompiledProgram &&);
  CompiledProgram &operator=(CompiledProgram &&);
  ~CompiledProgram();

  /// The entry's signature as written in the module, or null when `entry`
  /// was not compiled.
  const EntrySignature *getSignature(llvm::StringRef entry) const;

  /// Calls `entry` on `arguments`, which must match its signature (element
  /// kinds, ranks, static dimensions; checked here). A runtime failure (a
  /// bad wire, too many qubits) is an error with the runtime's message.
  llvm::Expected<std::vector<HostValue>>
  call(llvm::StringRef entry, std::vector<HostValue> &arguments) const;

private:
  struct State;
  explicit CompiledProgram(std::unique_ptr<State> state);
  std::unique_ptr<State> state;
};

/// Checks that `value` can be passed where `type` is expected; the message
/// names the argument by `position` and says what was expected.
llvm::Error checkArgument(const ValueType &type, const HostValue &value,
                          unsigned position);

} // namespace qgrad::driver

#endif // QGRAD_DRIVER_COMPILEDPROGRAM_H
