//===- qgrad/AD/Activity.h - Which values carry derivatives -----*- C++ -*-===//
//
// A forward analysis over one function: a value is varied when it depends on
// an active input. Only floating-point values (scalars, vectors, aggregates)
// are ever varied; integers never are. A pointer has a shadow when it may
// point to memory holding varied data. Pointers derived from one another
// (GEP, casts, phi, select) share one memory class, and so do aggregates
// holding pointers with the pointers inserted into or extracted from them
// (insertvalue, extractvalue); a class becomes active
// when it holds a duplicated argument or an active global, receives a
// varied store, or holds pointers to active memory. A constant pointer
// (a global, a constant GEP into one) stands for its underlying object.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_AD_ACTIVITY_H
#define QGRAD_AD_ACTIVITY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class CallBase;
class Function;
class GlobalVariable;
class Instruction;
class Type;
class Value;
} // namespace llvm

namespace qgrad::ad {

class Registry;

enum class ArgActivity : uint8_t { Const, Out, Dup, DupNoNeed };

inline bool isDuplicated(ArgActivity A) {
  return A == ArgActivity::Dup || A == ArgActivity::DupNoNeed;
}

/// True for floating-point scalars and vectors, and aggregates holding them.
bool isDifferentiableType(llvm::Type *T);

/// True for pointers and for aggregates holding pointers (a memref
/// descriptor `{ptr, ptr, i64, [r x i64], [r x i64]}`): values that may
/// have a shadow. The shadow of an aggregate is the aggregate with every
/// pointer replaced by its shadow and every other field kept.
bool carriesPointers(llvm::Type *T);

/// The function through which a call may read or write an active global
/// although it is passed no active data: its callee, a function it is handed
/// (a thread's body, a callback), or for an indirect call an address-taken
/// function of its type, when that function is one of Users (the functions
/// that refer to an active global directly or through their calls,
/// GradientEngine::activeGlobalUsers); null when there is none.
const llvm::Function *
globalUserReachedBy(const llvm::CallBase &CB,
                    const llvm::SmallPtrSetImpl<const llvm::Function *> &Users);

/// What kind of memory a pointer class is, for diagnostics.
enum class MemoryOrigin { Active, ConstArgument, Global, Unknown, Local };

class ActivityInfo {
public:
  /// ActiveGlobals: globals whose memory is active in every function
  /// (GradientEngine::activeGlobals); GlobalUsers: the functions that reach
  /// them (GradientEngine::activeGlobalUsers), whose calls see active data
  /// even without active arguments.
  ActivityInfo(
      llvm::Function &F, llvm::ArrayRef<ArgActivity> Args, bool ReturnShadow,
      const Registry &Reg,
      const llvm::SmallPtrSetImpl<const llvm::GlobalVariable *> &ActiveGlobals,
      const llvm::SmallPtrSetImpl<const llvm::Function *> &GlobalUsers);

  bool isVaried(const llvm::Value *V) const;
  bool hasShadow(const llvm::Value *V) const;
  /// Why a pointer's memory may not receive active values.
  MemoryOrigin originOf(const llvm::Value *Ptr) const;

private:
  const llvm::Value *leader(const llvm::Value *Ptr) const;
  static const llvm::Value *canonical(const llvm::Value *Ptr);
  bool markVaried(const llvm::Value *V);
  bool markActive(const llvm::Value *Ptr);
  bool visit(const llvm::Instruction &I);
  void buildClasses(llvm::Function &F);
  void noteOrigin(const llvm::Value *Ptr, MemoryOrigin O);

  const Registry &Reg;
  const llvm::SmallPtrSetImpl<const llvm::GlobalVariable *> &ActiveGlobals;
  const llvm::SmallPtrSetImpl<const llvm::Function *> &GlobalUsers;
  llvm::DenseSet<const llvm::Value *> Varied;
  llvm::DenseSet<const llvm::Value *> ActiveClasses;
  mutable llvm::EquivalenceClasses<const llvm::Value *> Classes;
  llvm::DenseMap<const llvm::Value *, MemoryOrigin> Origins;
};

} // namespace qgrad::ad

#endif // QGRAD_AD_ACTIVITY_H
