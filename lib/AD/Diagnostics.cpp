//===- Diagnostics.cpp - Error messages of the AD engine ------------------===//

#include "qgrad/AD/Diagnostics.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace qgrad::ad {

std::string sourceLocation(const Instruction *I) {
  if (!I)
    return "";
  const DebugLoc &DL = I->getDebugLoc();
  if (!DL)
    return "";
  std::string Text;
  raw_string_ostream OS(Text);
  OS << DL->getFilename() << ":" << DL.getLine() << ":" << DL.getCol();
  return Text;
}

Error makeError(const Function *F, const Instruction *I, const Twine &What,
                const Twine &Hint) {
  std::string Text;
  raw_string_ostream OS(Text);
  std::string Where = sourceLocation(I);
  if (!Where.empty())
    OS << Where << ": ";
  // C++ users know their functions by their source names.
  if (F)
    OS << "in function '" << demangle(F->getName()) << "': ";
  OS << What;
  if (I) {
    OS << "\n  instruction:";
    I->print(OS);
  }
  std::string HintText = Hint.str();
  if (!HintText.empty())
    OS << "\n  note: " << HintText;
  return createStringError(inconvertibleErrorCode(), Text);
}

void DiagnosticCollector::add(Error E) {
  if (!E)
    return;
  ++Count;
  Pending = joinErrors(std::move(Pending), std::move(E));
}

Error DiagnosticCollector::take() {
  Count = 0;
  Error Result = std::move(Pending);
  Pending = Error::success();
  return Result;
}

} // namespace qgrad::ad
