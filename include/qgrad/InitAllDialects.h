//===- InitAllDialects.h - Register the dialects qgrad uses -----*- C++ -*-===//
//
// One place lists every dialect, interface model and extension that qgrad's
// tools load, so qgrad-opt and the driver accept exactly the same programs.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_INITALLDIALECTS_H
#define QGRAD_INITALLDIALECTS_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace qgrad {

/// Registers the upstream dialects qgrad programs are written in (func,
/// arith, math, scf, cf, memref, tensor, linalg, bufferization, index, llvm,
/// complex), their bufferization and LLVM-conversion interface models, the
/// LLVM IR translations, and qgrad's own dialects.
void registerAllDialects(mlir::DialectRegistry &registry);

} // namespace qgrad

#endif // QGRAD_INITALLDIALECTS_H
