//===- qgrad/AD/Registration.h - User registrations and built-ins -*- C++
//-*-===//
//
// Reads the registration globals of Enzyme's C ABI (matched by name prefix)
// and answers what the engine should do with a call to a given function:
//   __enzyme_register_gradient_*  {fn, augmented forward, reverse}
//   __enzyme_inactivefn*          {fn, ...}
//   __enzyme_function_like*       {fn, "libm name" or "free"}
//   __enzyme_allocation_like*     {alloc, size-arg index, "dealloc spec", free}
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_AD_REGISTRATION_H
#define QGRAD_AD_REGISTRATION_H

#include "qgrad/AD/Diagnostics.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace qgrad::ad {

struct CustomGradient {
  llvm::Function *Augmented = nullptr;
  llvm::Function *Reverse = nullptr;
};

struct AllocationLike {
  unsigned SizeArgument = 0;
  llvm::Function *Free = nullptr;
};

class Registry {
public:
  /// Reads every registration global of M; malformed ones become errors.
  static Registry collect(llvm::Module &M, DiagnosticCollector &Diags);

  /// True for registered inactive functions and the built-in list (I/O,
  /// process control, random numbers, the qgrad runtime's bookkeeping).
  bool isInactive(const llvm::Function &F) const;
  const CustomGradient *customGradient(const llvm::Function &F) const;
  /// The libm name (or "free") F behaves like, or "".
  llvm::StringRef functionLike(const llvm::Function &F) const;
  const AllocationLike *allocationLike(const llvm::Function &F) const;

  static bool isBuiltinInactive(llvm::StringRef Name);

private:
  llvm::DenseMap<const llvm::Function *, CustomGradient> Custom;
  llvm::DenseMap<const llvm::Function *, bool> Inactive;
  llvm::DenseMap<const llvm::Function *, std::string> Like;
  llvm::DenseMap<const llvm::Function *, AllocationLike> Allocators;
};

/// Whether G is a registration global (it is read, never differentiated).
bool isRegistrationGlobal(llvm::StringRef Name);

/// Keeps registered functions out of the inliner so that their registration
/// still applies when the AD pass runs after the simplification pipeline.
bool protectRegisteredFunctions(llvm::Module &M);

} // namespace qgrad::ad

#endif // QGRAD_AD_REGISTRATION_H
