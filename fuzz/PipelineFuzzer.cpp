//===- PipelineFuzzer.cpp - fuzz-pipeline: MLIR to differentiated LLVM IR -===//
//
// A module that parses and verifies goes through every stage of `qgrad
// compile` short of machine code: gradient lowering, bufferization, the
// LLVM dialect, translation to LLVM IR, the O2 simplification run and the
// AD engine. Each stage must succeed or fail with a message (an error
// diagnostic or the stage's error text), never crash or hang, and the LLVM
// IR after translation and after AD must verify.
//
//===----------------------------------------------------------------------===//

#include "FuzzedModule.h"

#include "qgrad/AD/Engine.h"
#include "qgrad/AD/Pipeline.h"
#include "qgrad/Driver/Pipeline.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <string>

using namespace qgrad;

namespace {

/// A failed stage must say why, in its error or in a diagnostic.
bool succeeded(llvm::Error error, const fuzz::DiagnosticRecorder &recorder) {
  if (!error)
    return true;
  std::string message = llvm::toString(std::move(error));
  if (message.empty() && recorder.getNumErrors() == 0)
    fuzz::reportFinding("a stage failed without a message");
  return false;
}

void verifyOrReport(llvm::Module &module, const char *stage) {
  std::string problems;
  llvm::raw_string_ostream problemStream(problems);
  if (llvm::verifyModule(module, &problemStream))
    fuzz::reportFinding(
        (std::string("invalid LLVM IR after ") + stage + ":\n" + problems)
            .c_str());
}

llvm::TargetMachine &getTargetMachine() {
  static std::unique_ptr<llvm::TargetMachine> machine = [] {
    auto created = driver::createHostTargetMachine(2, false);
    if (!created)
      fuzz::reportFinding("cannot create the host target machine");
    return std::move(*created);
  }();
  return *machine;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
  mlir::MLIRContext &context = fuzz::getFuzzContext();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      fuzz::parseFuzzedModule(context, bytes, size);
  if (!module)
    return 0;
  fuzz::DiagnosticRecorder recorder(context, true);
  if (!succeeded(driver::lowerGradients(*module), recorder) ||
      !succeeded(driver::bufferize(*module), recorder) ||
      !succeeded(driver::lowerToLLVMDialect(*module), recorder))
    return 0;
  llvm::LLVMContext llvmContext;
  auto llvmModule =
      driver::translateToLLVMIR(*module, llvmContext, getTargetMachine());
  if (!succeeded(llvmModule.takeError(), recorder))
    return 0;
  verifyOrReport(**llvmModule, "translation");
  if (!ad::moduleNeedsAD(**llvmModule))
    return 0;
  ad::PipelineOptions options;
  options.PostOptimize = false;
  if (!succeeded(ad::runPipeline(**llvmModule, options, &getTargetMachine()),
                 recorder))
    return 0;
  verifyOrReport(**llvmModule, "the AD engine");
  return 0;
}
