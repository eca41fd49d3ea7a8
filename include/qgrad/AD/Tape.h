//===- qgrad/AD/Tape.h - The LIFO tape emitted into the module -*- C++ -*-===//
//
// The tape is a growable byte buffer owned by each thread, emitted into the
// module as internal globals and small always-inline helpers, so that
// differentiated code needs no runtime library. Every value occupies a cell
// whose size is its store size rounded up to 8 bytes.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_AD_TAPE_H
#define QGRAD_AD_TAPE_H

#include "llvm/IR/IRBuilder.h"

namespace qgrad::ad {

class Tape {
public:
  explicit Tape(llvm::Module &M) : M(M) {}

  /// Emits a push of V at the builder's position.
  void push(llvm::IRBuilderBase &B, llvm::Value *V);
  /// Emits a pop of a value of type T at the builder's position.
  llvm::Value *pop(llvm::IRBuilderBase &B, llvm::Type *T);
  /// Pushes Values in order with one capacity check.
  void pushGroup(llvm::IRBuilderBase &B, llvm::ArrayRef<llvm::Value *> Values);
  /// Pops a group pushed by pushGroup (same types, same order).
  llvm::SmallVector<llvm::Value *> popGroup(llvm::IRBuilderBase &B,
                                            llvm::ArrayRef<llvm::Type *> Types);

private:
  llvm::Function *reserveFunction();
  llvm::Function *releaseFunction();
  llvm::Function *growFunction();
  llvm::GlobalVariable *global(llvm::StringRef Name, llvm::Type *T);
  uint64_t cellSize(llvm::Type *T) const;

  llvm::Module &M;
  llvm::Function *Reserve = nullptr;
  llvm::Function *Release = nullptr;
  llvm::Function *Grow = nullptr;
};

} // namespace qgrad::ad

#endif // QGRAD_AD_TAPE_H
