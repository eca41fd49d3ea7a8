//===- EntryPoint.h - Calling a compiled function from the host -*- C++ -*-===//
//
// Compiled entry points have the signature the LLVM lowering gives them:
// scalars by value, each memref as its expanded descriptor (allocated and
// aligned pointers, offset, sizes, strides), several results in a struct.
// Rather than emulating that calling convention in C++, the driver adds a
// "packed" wrapper in LLVM IR, `void NAME.packed(ptr slots)`, which loads
// every lowered parameter from its own slot, calls the entry point, and
// stores each result into the slot that follows the parameters.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_DRIVER_ENTRYPOINT_H
#define QGRAD_DRIVER_ENTRYPOINT_H

#include "qgrad/Driver/HostValue.h"

#include "mlir/IR/BuiltinOps.h"

namespace llvm {
class Module;
} // namespace llvm

namespace qgrad::driver {

/// The entry point's parameter and result types, read before bufferization.
struct EntrySignature {
  std::string name;
  std::vector<ValueType> inputs;
  std::vector<ValueType> results;
};

/// Finds the public function `name` with a body and checks that every
/// argument and result type is supported. Errors name the function and type.
llvm::Expected<EntrySignature> getEntrySignature(mlir::ModuleOp module,
                                                 llvm::StringRef name);

/// The name of the packed wrapper of `entry`.
std::string getPackedWrapperName(llvm::StringRef entry);

/// Adds the packed wrapper of `signature.name` to `module` (LLVM IR).
llvm::Error addPackedWrapper(llvm::Module &module,
                             const EntrySignature &signature);

/// Calls a packed wrapper with `arguments` (already bound to the signature)
/// and returns the results as dense host values.
std::vector<HostValue> invokePacked(void (*packed)(void **),
                                    const EntrySignature &signature,
                                    std::vector<HostValue> &arguments);

} // namespace qgrad::driver

#endif // QGRAD_DRIVER_ENTRYPOINT_H
