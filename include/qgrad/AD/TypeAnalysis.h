//===- qgrad/AD/TypeAnalysis.h - What bytes in memory are -------*- C++ -*-===//
//
// Where the IR does not say whether bytes are floats (memcpy, memmove), the
// engine infers it from how the same memory is used in the function: the
// types of loads and stores and the element types of GEPs on every pointer
// derived from the same underlying objects. When no use says, the answer is
// Unknown and the caller reports an error rather than guess.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_AD_TYPEANALYSIS_H
#define QGRAD_AD_TYPEANALYSIS_H

#include "llvm/ADT/ArrayRef.h"

namespace llvm {
class Function;
class StructType;
class Type;
class Value;
} // namespace llvm

namespace qgrad::ad {

struct MemoryType {
  enum Kind { Unknown, Float, Pointer, Integer, Mixed };
  Kind K = Unknown;
  llvm::Type *FloatType = nullptr; // for Float: float, double, ...
  /// For Mixed: the struct the memory is an array of, when GEPs index it
  /// as one and every float and pointer seen is one of its fields.
  llvm::StructType *Record = nullptr;
};

/// The element type of the memory the pointers address, from evidence
/// gathered over all of them. When the function itself says nothing about
/// memory reached through argument K, ArgumentHints[K] (the caller's
/// knowledge, may be null or absent) decides.
MemoryType deduceMemoryType(llvm::ArrayRef<llvm::Value *> Pointers,
                            llvm::ArrayRef<llvm::Type *> ArgumentHints = {});

/// Rewrites integer loads and stores that move floating-point data (a
/// uint64_t copy of a double) into floating-point ones plus bitcasts, so
/// that the derivative travels with the bytes.
void retypeIntegerAccesses(llvm::Function &F,
                           llvm::ArrayRef<llvm::Type *> ArgumentHints);

} // namespace qgrad::ad

#endif // QGRAD_AD_TYPEANALYSIS_H
