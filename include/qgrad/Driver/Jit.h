//===- Jit.h - In-process compilation with ORC ------------------*- C++ -*-===//

#ifndef QGRAD_DRIVER_JIT_H
#define QGRAD_DRIVER_JIT_H

#include "llvm/ExecutionEngine/Orc/LLJIT.h"

#include <memory>

namespace qgrad::driver {

/// An ORC LLJIT for the host that resolves undefined symbols (libm, the
/// quantum runtime) in the current process.
class Jit {
public:
  static llvm::Expected<Jit> create(unsigned codegenOptLevel);

  /// Adds a module; machine code is generated at the first lookup.
  llvm::Error addModule(std::unique_ptr<llvm::Module> module,
                        std::unique_ptr<llvm::LLVMContext> context);

  /// Generates code as needed and returns the address of `name`.
  llvm::Expected<void *> lookup(llvm::StringRef name);

private:
  explicit Jit(std::unique_ptr<llvm::orc::LLJIT> jit) : jit(std::move(jit)) {}
  std::unique_ptr<llvm::orc::LLJIT> jit;
};

} // namespace qgrad::driver

#endif // QGRAD_DRIVER_JIT_H
