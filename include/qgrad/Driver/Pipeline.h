//===- Pipeline.h - From an MLIR file to optimised LLVM IR ------*- C++ -*-===//
//
// The compilation stages of the driver, each a function so that tools can
// time, print or stop after any of them:
//   parse -> gradient_lowering -> bufferize -> lower_to_llvm -> translate
//   -> optimize (or pre_ad_opt -> ad -> post_ad_opt)
// Every stage reports failure as an llvm::Error whose message is ready to
// print; MLIR's located diagnostics are emitted by the caller's handler.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_DRIVER_PIPELINE_H
#define QGRAD_DRIVER_PIPELINE_H

#include "qgrad/Driver/StageTimer.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace qgrad::driver {

/// Creates an MLIRContext with every dialect qgrad programs may use.
std::unique_ptr<mlir::MLIRContext> createContext();

/// Parses `path` ("-" for stdin). Syntax errors are reported through the
/// context's diagnostic handler as FILE:LINE:COL: error: ...
llvm::Expected<mlir::OwningOpRef<mlir::ModuleOp>>
parseFile(mlir::MLIRContext &context, llvm::StringRef path);

/// Parses MLIR text held in memory; diagnostics call it `bufferName`.
llvm::Expected<mlir::OwningOpRef<mlir::ModuleOp>>
parseText(mlir::MLIRContext &context, llvm::StringRef text,
          llvm::StringRef bufferName);
/// grad, value_and_grad, jvp and vjp to gradient.backprop, qnode Jacobians
/// and finite differences (see docs/gradient-lowering.md).
llvm::Error lowerGradients(mlir::ModuleOp module);

/// Tensors to memrefs (one-shot bufferization across function boundaries,
/// identity layouts) and deallocation of temporaries.
llvm::Error bufferize(mlir::ModuleOp module);

/// Everything left (linalg, scf, memref, math, arith, cf, func, index) to the
/// LLVM dialect.
llvm::Error lowerToLLVMDialect(mlir::ModuleOp module);

/// The LLVM dialect to LLVM IR, with the host's triple and data layout.
llvm::Expected<std::unique_ptr<llvm::Module>>
translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &llvmContext,
                  llvm::TargetMachine &targetMachine);

/// Creates a TargetMachine for the host CPU at `optLevel` (0-3).
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createHostTargetMachine(unsigned optLevel, bool positionIndependent);

/// The standard LLVM pipeline at -O`optLevel` (0-3) over `module`.
void optimizeModule(llvm::Module &module, llvm::TargetMachine &targetMachine,
                    unsigned optLevel);

/// Checks the AD engine's output before anything optimises or compiles it
/// (invalid IR would crash them later); the error asks for a report.
llvm::Error verifyEngineOutput(llvm::Module &module);
/// A textual new-pass-manager pipeline (as `opt -passes=...` takes it) over
/// `module`; a pipeline that does not parse is an error.
llvm::Error runPassPipeline(llvm::Module &module,
                            llvm::TargetMachine &targetMachine,
                            llvm::StringRef pipeline);

/// Writes `print`'s output to DIR/fileName (creating DIR); nothing when
/// `dir` is empty. For --keep-intermediate and its library equivalent.
llvm::Error
writeIntermediate(llvm::StringRef dir, llvm::StringRef fileName,
                  llvm::function_ref<void(llvm::raw_ostream &)> print);

/// Marks every public function definition with `llvm.emit_c_interface`, so
/// lowering emits a `_mlir_ciface_NAME` wrapper taking memref descriptors by
/// pointer (the documented ABI of `qgrad compile`).
void requestCInterfaces(mlir::ModuleOp module);

} // namespace qgrad::driver

#endif // QGRAD_DRIVER_PIPELINE_H
