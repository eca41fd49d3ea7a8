//===- qgrad/AD/Registration.h - User registrations and built-ins -*- C++
//-*-===//
//
// Reads the registration globals of Enzyme's C ABI (matched by name prefix)
// and answers what the engine should do with a call to a given function:
//   __enzyme_register_gradient_*  {fn, augmented forward, reverse}
//   __enzyme_inactivefn*          {fn, ...}
//   __enzyme_function_like*       {fn, "libm name" or "free"}
//   __enzyme_allocation_like*     {alloc, size-arg index, "dealloc spec", free}
//   __enzyme_inactive_global*     {&global, ...}
//   __enzyme_register_derivative_* {fn, forward derivative}
// and the Enzyme annotations in llvm.global.annotations, which the clang
// plugin's attributes (__attribute__((enzyme_inactive)), ...) and
// __attribute__((annotate("enzyme_inactive"))) both produce.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_AD_REGISTRATION_H
#define QGRAD_AD_REGISTRATION_H

#include "qgrad/AD/Diagnostics.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class Function;
class GlobalVariable;
class Module;
class Value;
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

/// What an Enzyme annotation says about the function or global it is on.
enum class AnnotationMeaning {
  /// Calls never carry derivatives; a global's memory holds none.
  Inactive,
  /// The function behaves like the libm function (or "free") named after
  /// '=' in the annotation.
  FunctionLike,
  /// An optimisation or analysis hint of Enzyme's that cannot change a
  /// derivative's value; accepted and ignored.
  Hint,
};

struct EnzymeAnnotation {
  /// The annotation's text, before any '=' argument.
  llvm::StringRef Name;
  AnnotationMeaning Meaning;
  /// Also allowed on global variables (otherwise functions only).
  bool OnGlobals;
  /// Spelled as a clang attribute by the plugin (false: an annotation that
  /// only __attribute__((annotate(...))) or older Enzyme tools produce).
  bool IsAttribute;
};

/// Every Enzyme annotation the engine understands. The clang plugin turns
/// each attribute of this table into the annotation of the same name, so
/// one table decides what is recognised in source and in IR.
/// Enzyme's own clang plugin writes some under other names
/// (enzyme_inactivefn, ...); those are accepted too, so IR it produced means
/// the same here.
inline constexpr EnzymeAnnotation EnzymeAnnotations[] = {
    {"enzyme_inactive", AnnotationMeaning::Inactive, true, true},
    {"enzyme_inactive_noblock", AnnotationMeaning::Inactive, true, true},
    {"enzyme_inactivefn", AnnotationMeaning::Inactive, false, false},
    {"enzyme_inactivenoblockfn", AnnotationMeaning::Inactive, false, false},
    {"enzyme_function_like", AnnotationMeaning::FunctionLike, false, true},
    {"enzyme_nofree", AnnotationMeaning::Hint, true, true},
    {"enzyme_shouldrecompute", AnnotationMeaning::Hint, true, true},
    {"enzyme_elementwise_read", AnnotationMeaning::Hint, false, true},
    {"enzyme_sparse_accumulate", AnnotationMeaning::Hint, false, true},
    {"enzyme_notypeanalysis", AnnotationMeaning::Hint, true, true},
    {"enzyme_ta_norecur", AnnotationMeaning::Hint, true, false},
};

class Registry {
public:
  /// Reads every registration global of M; malformed ones become errors.
  static Registry collect(llvm::Module &M, DiagnosticCollector &Diags);

  /// True for registered inactive functions and the built-in list (I/O,
  /// process control, random numbers, the qgrad runtime's bookkeeping).
  bool isInactive(const llvm::Function &F) const;
  const CustomGradient *customGradient(const llvm::Function &F) const;
  /// The registered forward-mode derivative of F: it takes F's arguments,
  /// each pointer and float followed by its shadow or tangent, and returns
  /// {result, tangent of the result} (void for a void F).
  llvm::Function *forwardDerivative(const llvm::Function &F) const;
  /// The libm name (or "free") F behaves like, or "".
  llvm::StringRef functionLike(const llvm::Function &F) const;
  const AllocationLike *allocationLike(const llvm::Function &F) const;

  /// A global registered inactive: stores of active values into it drop
  /// their derivative, as the registration asks.
  bool isInactiveGlobal(const llvm::Value *Object) const;

  static bool isBuiltinInactive(llvm::StringRef Name);

private:
  llvm::DenseMap<const llvm::Function *, CustomGradient> Custom;
  llvm::DenseMap<const llvm::Function *, llvm::Function *> Derivatives;
  void collectAnnotations(llvm::Module &M, DiagnosticCollector &Diags);
  friend bool protectRegisteredFunctions(llvm::Module &M);

  llvm::DenseMap<const llvm::Function *, bool> Inactive;
  llvm::SmallPtrSet<const llvm::GlobalVariable *, 4> InactiveGlobals;
  llvm::DenseMap<const llvm::Function *, std::string> Like;
  llvm::DenseMap<const llvm::Function *, AllocationLike> Allocators;
};

/// Whether G is a registration global (it is read, never differentiated).
bool isRegistrationGlobal(llvm::StringRef Name);

/// Keeps registered functions out of the inliner so that their registration
/// still applies when the AD pass runs after the simplification pipeline, and
/// makes the loads and stores of inactive globals volatile so that no store
/// is forwarded past the memory that drops its derivative.
bool protectRegisteredFunctions(llvm::Module &M);

} // namespace qgrad::ad

#endif // QGRAD_AD_REGISTRATION_H
