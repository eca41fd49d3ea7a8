//===- qgrad/AD/ValueUtils.h - Arithmetic on adjoint values -----*- C++ -*-===//
//
// Adjoints have the type of their primal: a floating-point scalar or vector,
// or an aggregate of them. These helpers add and scale such values leaf by
// leaf.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_AD_VALUEUTILS_H
#define QGRAD_AD_VALUEUTILS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/IRBuilder.h"

namespace llvm {
class PtrToIntInst;
} // namespace llvm

namespace qgrad::ad {

/// A + B for floating-point scalars, vectors and aggregates of them.
llvm::Value *addValues(llvm::IRBuilderBase &B, llvm::Value *A, llvm::Value *V);

/// The empty adjoint of type T: -0.0 in every floating-point leaf (null
/// elsewhere). Unlike +0.0, -0.0 is the identity of fadd (-0.0 + x == x for
/// every x, signed zeros included), so the optimiser folds the first
/// accumulation into an adjoint away.
llvm::Constant *emptyAdjoint(llvm::Type *T);

/// What walkIntegerUsers does with one user of an integer.
enum class IntegerUse { Follow, Accept, Reject };

/// Walks the users of the integer V and, transitively, of the users
/// Classify says to follow; false when it rejects any of them. Used to see
/// where the bits of a pointer or a float end up.
bool walkIntegerUsers(
    const llvm::Value *V,
    llvm::function_ref<IntegerUse(const llvm::User *)> Classify);

/// The ptrtoint that the address-like integer Int was made from: Int is its
/// result moved by integer arithmetic, integer casts, phis and selects,
/// whose other leaves no pointer made (constants, arguments, loaded
/// integers). Null when there is none, or more than one.
const llvm::PtrToIntInst *pointerOrigin(const llvm::Value *Int);

/// The floating-point leaves of T in memory order, with their index paths.
void floatLeaves(llvm::Type *T, llvm::SmallVectorImpl<llvm::Type *> &Leaves,
                 llvm::SmallVectorImpl<llvm::SmallVector<unsigned, 2>> &Paths);

/// Converts a floating-point value to another floating-point type.
llvm::Value *convertFloat(llvm::IRBuilderBase &B, llvm::Value *V,
                          llvm::Type *To);

} // namespace qgrad::ad

#endif // QGRAD_AD_VALUEUTILS_H
