//===- FuzzedModule.cpp - Fuzzer bytes as a verified MLIR module ----------===//

#include "FuzzedModule.h"

#include "qgrad/Driver/Pipeline.h"
#include "qgrad/Support/InputGuards.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;
using qgrad::findExcessiveNesting;

namespace qgrad::fuzz {

void reportFinding(const char *what) {
  llvm::errs() << "fuzz: finding: " << what << "\n";
  std::abort();
}

DiagnosticRecorder::DiagnosticRecorder(MLIRContext &context,
                                       bool inputHasLocations)
    : context(context) {
  handler = context.getDiagEngine().registerHandler(
      [this, inputHasLocations](Diagnostic &diagnostic) {
        if (diagnostic.getSeverity() != DiagnosticSeverity::Error)
          return success();
        ++numErrors;
        if (diagnostic.str().empty())
          reportFinding("an error diagnostic without a message");
        if (!inputHasLocations && isa<UnknownLoc>(diagnostic.getLocation()))
          reportFinding(("an error located nowhere: " + diagnostic.str())
                            .c_str());
        return success();
      });
}

DiagnosticRecorder::~DiagnosticRecorder() {
  context.getDiagEngine().eraseHandler(handler);
}

MLIRContext &getFuzzContext() {
  constexpr unsigned kInputsPerContext = 2000;
  static std::unique_ptr<MLIRContext> context;
  static unsigned inputs = 0;
  if (!context || ++inputs % kInputsPerContext == 0) {
    context = qgrad::driver::createContext();
    // One thread: a finding must not depend on scheduling.
    context->disableMultithreading();
  }
  return *context;
}

OwningOpRef<ModuleOp> parseFuzzedModule(MLIRContext &context,
                                        const uint8_t *bytes, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(bytes), size);
  // The tools refuse text nested deeper than the parsers' stacks can take
  // (InputGuards.h); so does the fuzzer, since that crash is not qgrad's.
  if (findExcessiveNesting(text, "//"))
    return nullptr;
  // Upstream parsers known to crash after reporting an error on malformed
  // input (docs/reliability.md); the tools end those runs with the error and
  // exit status 1, which a fuzzer, running in process, cannot do.
  for (llvm::StringRef crashingAfterError :
       {"linalg.reduce", "linalg.transpose", "linalg.broadcast"})
    if (text.contains(crashingAfterError))
      return nullptr;
  // An input may locate its ops anywhere (loc(unknown) included) itself.
  DiagnosticRecorder recorder(context, text.contains("loc"));
  llvm::SourceMgr sources;
  sources.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "input.mlir"), llvm::SMLoc());
  // verifyAfterParse is on by default: a module that parses also verifies.
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sources, &context);
  if (!module) {
    if (recorder.getNumErrors() == 0)
      reportFinding("the parser failed without an error");
    return nullptr;
  }
  return module;
}

} // namespace qgrad::fuzz
