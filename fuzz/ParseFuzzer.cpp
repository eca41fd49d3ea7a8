//===- ParseFuzzer.cpp - fuzz-parse: MLIR text with qgrad's dialects ------===//
//
// Bytes as an MLIR file with every dialect qgrad programs use, the quantum
// and gradient dialects among them: parsing and verification must succeed
// or fail with an error diagnostic, never crash or hang. A module that
// verifies must print as text that parses and verifies again and prints the
// same (the custom assembly formats of qgrad's ops round-trip).
//
//===----------------------------------------------------------------------===//

#include "FuzzedModule.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <string>

using namespace mlir;

static std::string print(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os, OpPrintingFlags().enableDebugInfo(false));
  return text;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
  MLIRContext &context = qgrad::fuzz::getFuzzContext();
  OwningOpRef<ModuleOp> module =
      qgrad::fuzz::parseFuzzedModule(context, bytes, size);
  if (!module)
    return 0;
  std::string printed = print(*module);
  qgrad::fuzz::DiagnosticRecorder recorder(context, true);
  OwningOpRef<ModuleOp> reparsed = parseSourceString<ModuleOp>(
      printed, ParserConfig(&context));
  if (!reparsed)
    qgrad::fuzz::reportFinding("a verified module prints as text that does "
                               "not parse and verify");
  if (print(*reparsed) != printed)
    qgrad::fuzz::reportFinding("a module prints differently after a round "
                               "trip");
  return 0;
}
