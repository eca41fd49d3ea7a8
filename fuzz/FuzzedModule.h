//===- FuzzedModule.h - Fuzzer bytes as a verified MLIR module -*- C++ -*-===//
//
// What fuzz-parse and fuzz-pipeline share: the bytes are an MLIR file,
// parsed and verified in a context with every dialect qgrad programs may
// use, and every failure must be an error diagnostic with a message.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_FUZZ_FUZZEDMODULE_H
#define QGRAD_FUZZ_FUZZEDMODULE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace qgrad::fuzz {

/// Counts the error diagnostics emitted in a context while it is alive and
/// aborts (a finding) on one without a message, or one located nowhere in
/// an input that names no locations of its own.
class DiagnosticRecorder {
public:
  DiagnosticRecorder(mlir::MLIRContext &context, bool inputHasLocations);
  ~DiagnosticRecorder();
  unsigned getNumErrors() const { return numErrors; }

private:
  mlir::MLIRContext &context;
  mlir::DiagnosticEngine::HandlerID handler;
  unsigned numErrors = 0;
};

/// A context with qgrad's dialects, shared by the inputs of one process and
/// renewed every few thousand inputs, since a context never frees the types
/// and attributes it uniques.
mlir::MLIRContext &getFuzzContext();

/// Parses and verifies the bytes as input.mlir. Returns null when either
/// fails, after checking that the failure was diagnosed.
mlir::OwningOpRef<mlir::ModuleOp> parseFuzzedModule(mlir::MLIRContext &context,
                                                    const uint8_t *bytes,
                                                    size_t size);

/// Aborts with `what` on stderr: the fuzzer records the input as a finding.
[[noreturn]] void reportFinding(const char *what);

} // namespace qgrad::fuzz

#endif // QGRAD_FUZZ_FUZZEDMODULE_H
