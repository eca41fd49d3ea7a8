//===- qgrad-opt.cpp - mlir-opt with qgrad's dialects and passes ----------===//

#include "qgrad/InitAllDialects.h"
#include "qgrad/InitAllPasses.h"
#include "qgrad/Support/InputGuards.h"
#include "qgrad/Support/Version.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

namespace {

/// Applied to each context MlirOptMain creates, once per dialect it loads:
/// records the errors the context reports (InputGuards.h). The contexts are
/// created before their diagnostic printer and load dialects lazily while
/// parsing, so the recorder sees each error before it is printed.
struct RecordErrors : mlir::DialectExtensionBase {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RecordErrors)
  RecordErrors() : DialectExtensionBase({}) {}
  void apply(mlir::MLIRContext *context,
             llvm::MutableArrayRef<mlir::Dialect *>) const override {
    context->getDiagEngine().registerHandler([](mlir::Diagnostic &diagnostic) {
      if (diagnostic.getSeverity() == mlir::DiagnosticSeverity::Error)
        qgrad::noteErrorReported();
      return mlir::failure();
    });
  }
  std::unique_ptr<mlir::DialectExtensionBase> clone() const override {
    return std::make_unique<RecordErrors>(*this);
  }
};

/// Rejects an input file nested too deeply for MLIR's recursive parser, with
/// its location. Standard input and bytecode are left to the parser.
bool isNestedTooDeeply(llvm::StringRef path) {
  if (path == "-")
    return false;
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer || mlir::isBytecode((*buffer)->getMemBufferRef()))
    return false;
  std::optional<llvm::SMDiagnostic> nesting =
      qgrad::diagnoseExcessiveNesting(**buffer, "//");
  if (nesting)
    nesting->print(nullptr, llvm::errs());
  return nesting.has_value();
}

} // namespace

int main(int argc, char **argv) {
  qgrad::installBailOutAfterErrors("qgrad-opt");
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    qgrad::printToolVersion(os, "qgrad-opt");
  });
  mlir::DialectRegistry registry;
  qgrad::registerAllDialects(registry);
  registry.addExtension(mlir::TypeID::get<RecordErrors>(),
                        std::make_unique<RecordErrors>());
  qgrad::registerAllPasses();
  auto [inputFile, outputFile] = mlir::registerAndParseCLIOptions(
      argc, argv, "qgrad optimizer driver (MLIR 22)\n", registry);
  if (isNestedTooDeeply(inputFile))
    return EXIT_FAILURE;
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, inputFile, outputFile, registry));
}
