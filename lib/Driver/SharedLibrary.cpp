//===- SharedLibrary.cpp - Ahead-of-time output of `qgrad compile` --------===//

#include "qgrad/Driver/SharedLibrary.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace qgrad::driver;

#ifndef QGRAD_LLVM_TOOLS_DIR
#error "QGRAD_LLVM_TOOLS_DIR must be defined by the build"
#endif
#ifndef QGRAD_RUNTIME_LIBRARY_DIR
#error "QGRAD_RUNTIME_LIBRARY_DIR must be defined by the build"
#endif

/// Whether lowered quantum code calls the runtime: the library then needs
/// libqgrad_rt, found through an rpath so hosts need not link it themselves.
static bool callsQuantumRuntime(const llvm::Module &module) {
  return llvm::any_of(module, [](const llvm::Function &function) {
    return function.isDeclaration() &&
           function.getName().starts_with("qgrad_rt_");
  });
}

static llvm::Expected<std::string> findLinkerDriver() {
  // The compiler qgrad was configured with first, then PATH.
  for (llvm::StringRef candidate :
       {QGRAD_LLVM_TOOLS_DIR "/clang", "clang-22", "clang"}) {
    if (llvm::sys::fs::can_execute(candidate))
      return candidate.str();
    if (auto found = llvm::sys::findProgramByName(candidate))
      return *found;
  }
  return llvm::createStringError(
      "cannot find clang-22 to link the shared library (install clang-22)");
}

/// Exports only the C interface: the lowered functions behind each
/// `_mlir_ciface_F` keep their expanded-descriptor ABI private, and a
/// function named `main` would otherwise clash with the host program's.
static void hideWrappedFunctions(llvm::Module &module) {
  static constexpr llvm::StringLiteral kPrefix = "_mlir_ciface_";
  for (llvm::Function &function : module) {
    if (function.isDeclaration() || function.getName().starts_with(kPrefix))
      continue;
    if (module.getFunction((kPrefix + function.getName()).str()))
      function.setVisibility(llvm::GlobalValue::HiddenVisibility);
  }
}

llvm::Error qgrad::driver::writeSharedLibrary(llvm::Module &module,
                                              llvm::TargetMachine &machine,
                                              llvm::StringRef outputPath) {
  hideWrappedFunctions(module);
  llvm::SmallString<128> objectPath;
  int objectFD;
  if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
          "qgrad", "o", objectFD, objectPath))
    return llvm::createStringError("cannot create a temporary object file: " +
                                   ec.message());
  llvm::FileRemover removeObject(objectPath);
  {
    llvm::raw_fd_ostream objectStream(objectFD, /*shouldClose=*/true);
    llvm::legacy::PassManager codegen;
    if (machine.addPassesToEmitFile(codegen, objectStream, nullptr,
                                    llvm::CodeGenFileType::ObjectFile))
      return llvm::createStringError("the host target cannot emit objects");
    codegen.run(module);
  }

  auto linker = findLinkerDriver();
  if (!linker)
    return linker.takeError();
  std::string errorMessage;
  llvm::SmallVector<llvm::StringRef> linkArgs = {
      *linker, "-shared", "-fuse-ld=lld", objectPath, "-o", outputPath, "-lm"};
  if (callsQuantumRuntime(module))
    linkArgs.append({"-L" QGRAD_RUNTIME_LIBRARY_DIR, "-lqgrad_rt",
                     "-Wl,-rpath," QGRAD_RUNTIME_LIBRARY_DIR});
  int status = llvm::sys::ExecuteAndWait(*linker, linkArgs, std::nullopt, {}, 0,
                                         0, &errorMessage);
  if (status != 0)
    return llvm::createStringError(
        "linking '" + outputPath + "' failed" +
        (errorMessage.empty() ? std::string() : ": " + errorMessage));
  return llvm::Error::success();
}
