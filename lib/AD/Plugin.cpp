//===- Plugin.cpp - The AD engine as a pass plugin for clang and opt ------===//
//
//   opt-22 -load-pass-plugin=QgradAD.so -passes=qgrad-ad in.ll
//   clang-22 -O2 -fpass-plugin=QgradAD.so prog.c
//   clang-22 -O2 -fplugin=QgradAD.so prog.c
//
// The passes and where they run: registerADPasses (Pass.cpp). Inside clang
// the library also loads its clang part, QgradADClang.so, from its own
// directory (ClangPlugin.cpp: Enzyme's attributes, the -fplugin action). It
// is a library of its own because it links libclang-cpp, whose copy of some
// LLVM options cannot be loaded into opt-22 beside opt's libLLVM.
//
//===----------------------------------------------------------------------===//

#include "qgrad/AD/Pass.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <dlfcn.h>
#include <link.h>

using namespace llvm;
using namespace qgrad::ad;

namespace {

// clang-22 links libclang-cpp; opt-22 and the qgrad tools do not.
bool hostIsClang() {
  bool Found = false;
  dl_iterate_phdr(
      [](dl_phdr_info *Info, size_t, void *Data) {
        if (!Info->dlpi_name ||
            !StringRef(Info->dlpi_name).contains("libclang-cpp.so"))
          return 0;
        *static_cast<bool *>(Data) = true;
        return 1;
      },
      &Found);
  return Found;
}

// clang loads a -fpass-plugin or -fplugin library before it parses, so
// attributes registered now are known to its parser.
bool loadClangPart() {
  if (!hostIsClang())
    return false;
  Dl_info Self;
  if (!dladdr(reinterpret_cast<void *>(&loadClangPart), &Self) ||
      !Self.dli_fname)
    return false;
  SmallString<256> Path(sys::path::parent_path(Self.dli_fname));
  sys::path::append(Path, "QgradADClang.so");
  if (void *Part = dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL)) {
    using Init = void (*)(void (*)(PassBuilder &));
    if (auto *Initialize =
            reinterpret_cast<Init>(dlsym(Part, "qgradADClangInit"))) {
      Initialize(registerADPasses);
      return true;
    }
  }
  // Without it enzyme_inactive would be ignored and differentiated.
  errs() << "error: qgrad: cannot load " << Path << ": " << dlerror() << "\n";
  std::exit(1);
}

const bool ClangPartLoaded = loadClangPart();

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "QgradAD", "0.1.0", registerADPasses};
}
