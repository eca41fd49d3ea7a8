//===- qgrad-ad.cpp - Differentiate an LLVM module ------------------------===//
//
//   qgrad-ad IN.ll|IN.bc -o OUT.ll [--no-preopt] [--no-postopt]
//
// Runs the O2 simplification pipeline, the AD engine, then O2
// (docs/ad-engine.md).
//
//===----------------------------------------------------------------------===//

#include "qgrad/AD/Pipeline.h"
#include "qgrad/Support/InputGuards.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <memory>

using namespace llvm;

static cl::OptionCategory Category("qgrad-ad options");
static cl::opt<std::string> InputFile(cl::Positional, cl::Required,
                                      cl::desc("<input .ll or .bc>"),
                                      cl::cat(Category));
static cl::opt<std::string> OutputFile("o", cl::init("-"),
                                       cl::desc("Output file (default stdout); "
                                                "a .bc name writes bitcode"),
                                       cl::value_desc("file"),
                                       cl::cat(Category));
static cl::opt<bool> NoPreopt("no-preopt",
                              cl::desc("Skip the O2 run before AD"),
                              cl::cat(Category));
static cl::opt<bool> NoPostopt("no-postopt",
                               cl::desc("Skip the O2 run after AD"),
                               cl::cat(Category));
static cl::opt<bool> Verbose("v", cl::desc("List the synthesized gradients"),
                             cl::cat(Category));

static std::unique_ptr<TargetMachine> hostMachine(Module &M) {
  InitializeNativeTarget();
  Triple T = M.getTargetTriple().empty() ? Triple(sys::getDefaultTargetTriple())
                                         : M.getTargetTriple();
  std::string Err;
  const Target *Tgt = TargetRegistry::lookupTarget(T, Err);
  if (!Tgt)
    return nullptr;
  return std::unique_ptr<TargetMachine>(Tgt->createTargetMachine(
      T, "generic", "", TargetOptions(), std::nullopt));
}

static int fail(const Twine &Message) {
  errs() << "qgrad-ad: " << Message << "\n";
  return 1;
}

/// Verifies M, naming the function of each problem the verifier finds
/// (verifyModule alone prints the instruction but not its function).
static bool isBroken(const Module &M, raw_ostream &OS) {
  bool Broken = false;
  for (const Function &F : M) {
    std::string Problems;
    raw_string_ostream ProblemOS(Problems);
    if (!F.isDeclaration() && verifyFunction(F, &ProblemOS)) {
      OS << "in function '" << F.getName() << "': " << Problems;
      Broken = true;
    }
  }
  // The module-level checks (globals, declarations, metadata); problems in
  // function bodies were listed above.
  std::string Problems;
  raw_string_ostream ProblemOS(Problems);
  if (verifyModule(M, &ProblemOS)) {
    if (!Broken)
      OS << Problems;
    Broken = true;
  }
  return Broken;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "qgrad-ad 0.1.0 (LLVM " << LLVM_VERSION_STRING << ")\n";
  });
  cl::ParseCommandLineOptions(
      argc, argv,
      "qgrad-ad: reverse-mode differentiation of __enzyme_autodiff calls\n");

  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFileOrSTDIN(InputFile, /*IsText=*/true);
  if (std::error_code EC = Buffer.getError()) {
    SMDiagnostic(InputFile, SourceMgr::DK_Error,
                 "Could not open input file: " + EC.message())
        .print("qgrad-ad", errs());
    return 1;
  }
  // LLVM's IR parser recurses per nesting level of types and constants.
  StringRef Text = (*Buffer)->getBuffer();
  if (!isBitcode(Text.bytes_begin(), Text.bytes_end()))
    if (std::optional<SMDiagnostic> Nesting =
            qgrad::diagnoseExcessiveNesting(**Buffer, ";")) {
      Nesting->print("qgrad-ad", errs());
      return 1;
    }

  LLVMContext Ctx;
  SMDiagnostic ParseErr;
  std::unique_ptr<Module> M =
      parseIR((*Buffer)->getMemBufferRef(), ParseErr, Ctx);
  if (!M) {
    ParseErr.print("qgrad-ad", errs());
    return 1;
  }
  std::string VerifyText;
  raw_string_ostream VerifyOS(VerifyText);
  if (isBroken(*M, VerifyOS))
    return fail(InputFile + ": invalid input module:\n" + VerifyText);

  std::unique_ptr<TargetMachine> TM = hostMachine(*M);
  qgrad::ad::PipelineOptions Opts;
  Opts.PreOptimize = !NoPreopt;
  Opts.PostOptimize = !NoPostopt;
  Opts.AD.Verbose = Verbose;
  if (Error Err = qgrad::ad::runPipeline(*M, Opts, TM.get())) {
    handleAllErrors(std::move(Err), [](const ErrorInfoBase &E) {
      errs() << "qgrad-ad: error: " << E.message() << "\n";
    });
    return 1;
  }
  if (isBroken(*M, VerifyOS))
    return fail("internal error: the differentiated module is invalid:\n" +
                VerifyText);

  std::error_code EC;
  ToolOutputFile Out(OutputFile, EC, sys::fs::OF_None);
  if (EC)
    return fail("cannot open " + OutputFile + ": " + EC.message());
  if (StringRef(OutputFile).ends_with(".bc"))
    WriteBitcodeToFile(*M, Out.os());
  else
    M->print(Out.os(), nullptr);
  Out.keep();
  return 0;
}
