//===- SharedLibrary.cpp - Ahead-of-time output of `qgrad compile` --------===//

#include "qgrad/Driver/SharedLibrary.h"

#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace qgrad::driver;

#if !defined(QGRAD_LLVM_TOOLS_DIR) || !defined(QGRAD_RUNTIME_LIBRARY_DIR)
#error "QGRAD_LLVM_TOOLS_DIR and QGRAD_RUNTIME_LIBRARY_DIR must be defined"
#endif

/// Whether compiled code calls the quantum runtime, so the library must be
/// linked against libqgrad_rt.so.
static bool callsRuntime(const llvm::Module &module) {
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

/// Exports only the C interface: the lowered functions keep their
/// expanded-descriptor ABI private, the parts the gradient lowering generates
/// (F.dps, Q.argmap, ...) are internal, and a function named `main` would
/// otherwise clash with the host program's.
static void hideAllButCInterface(llvm::Module &module) {
  for (llvm::GlobalValue &global : module.global_values())
    if (!global.isDeclaration() && !global.hasLocalLinkage() &&
        !global.getName().starts_with("_mlir_ciface_"))
      global.setVisibility(llvm::GlobalValue::HiddenVisibility);
}

llvm::Error qgrad::driver::writeSharedLibrary(llvm::Module &module,
                                              llvm::TargetMachine &machine,
                                              llvm::StringRef outputPath) {
  hideAllButCInterface(module);
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
      *linker, "-shared", "-fuse-ld=lld", objectPath, "-o", outputPath,
      "-lm"};
  if (callsRuntime(module))
    linkArgs.append({"-L" QGRAD_RUNTIME_LIBRARY_DIR, "-lqgrad_rt",
                     "-Wl,-rpath," QGRAD_RUNTIME_LIBRARY_DIR});
  int status = llvm::sys::ExecuteAndWait(*linker, linkArgs, std::nullopt, {},
                                         0, 0, &errorMessage);
  if (status != 0)
    return llvm::createStringError("linking '" + outputPath + "' failed" +
                                   (errorMessage.empty()
                                        ? std::string()
                                        : ": " + errorMessage));
  return llvm::Error::success();
}
