//===- Jit.h - In-process compilation with ORC ------------------*- C++ -*-===//

#ifndef QGRAD_DRIVER_JIT_H
#define QGRAD_DRIVER_JIT_H

#include "llvm/ExecutionEngine/Orc/LLJIT.h"

#include <cstdint>
#include <memory>

namespace qgrad::driver {

/// An ORC LLJIT for the host that resolves undefined symbols (libm, the
/// quantum runtime) in the current process.
class Jit {
public:
  static llvm::Expected<Jit> create(unsigned codegenOptLevel);

  /// A JIT holding `module`: create() then addModule().
  static llvm::Expected<Jit>
  createFor(unsigned codegenOptLevel, std::unique_ptr<llvm::Module> module,
            std::unique_ptr<llvm::LLVMContext> context);
  /// Adds a module; machine code is generated at the first lookup.
  llvm::Error addModule(std::unique_ptr<llvm::Module> module,
                        std::unique_ptr<llvm::LLVMContext> context);

  /// Generates code as needed and returns the address of `name`.
  llvm::Expected<void *> lookup(llvm::StringRef name);

  /// Bytes of machine code (text sections) generated so far.
  uint64_t getCodeBytes() const { return *codeBytes; }

private:
  Jit(std::unique_ptr<llvm::orc::LLJIT> jit,
      std::shared_ptr<uint64_t> codeBytes)
      : jit(std::move(jit)), codeBytes(std::move(codeBytes)) {}
  std::unique_ptr<llvm::orc::LLJIT> jit;
  /// Shared with the object transform that counts every emitted object.
  std::shared_ptr<uint64_t> codeBytes;
};

} // namespace qgrad::driver

#endif // QGRAD_DRIVER_JIT_H
