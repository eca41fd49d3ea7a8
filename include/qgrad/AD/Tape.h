//===- qgrad/AD/Tape.h - The LIFO tape emitted into the module -*- C++ -*-===//
//
// The tape is a growable byte buffer owned by each thread, emitted into the
// module as an internal global and small always-inline helpers, so that
// differentiated code needs no runtime library. Values are pushed in groups
// laid out like structs and padded to 8 bytes.
//
// A gradient that another gradient differentiates again (a nested
// __enzyme_autodiff) keeps its tape in memory of its own instead: chunks that
// never move (PrivateTape.cpp), freed before it returns, whose cursor its
// split callees receive as their last argument. The outer gradient then sees
// ordinary heap memory and allocas, which it differentiates like any other,
// and its own pushes never land between the inner gradient's push and pop.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_AD_TAPE_H
#define QGRAD_AD_TAPE_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace qgrad::ad {

/// Where a group of values sits on the tape: the address of its first byte
/// and each field's type and offset (laid out like a struct).
struct TapeGroup {
  llvm::Value *Cells = nullptr;
  llvm::SmallVector<llvm::Type *> Types;
  llvm::SmallVector<uint64_t> Offsets;
};

/// Where a gradient function's cursor lives between its pushes and pops.
enum class CursorHome {
  /// The thread's tape: loaded on entry, written back before returns and
  /// around calls of other gradient functions.
  Thread,
  /// A private chunked tape, empty on entry and freed before every return.
  Owned,
  /// The caller's cursor, passed as the function's last parameter.
  Passed,
};

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
  /// Reserves room for a group of Types on top (one capacity check); the
  /// fields are written later with store, possibly far apart, as long as
  /// nothing else is pushed in between.
  TapeGroup reserveGroup(llvm::IRBuilderBase &B,
                         llvm::ArrayRef<llvm::Type *> Types);
  /// Pops a group reserved with the same Types; its fields stay readable
  /// with load until the next push.
  TapeGroup releaseGroup(llvm::IRBuilderBase &B,
                         llvm::ArrayRef<llvm::Type *> Types);
  void store(llvm::IRBuilderBase &B, const TapeGroup &Group, unsigned Field,
             llvm::Value *V);
  llvm::Value *load(llvm::IRBuilderBase &B, const TapeGroup &Group,
                    unsigned Field);

  /// Drops what is known of F's cursor; call before erasing F, since a
  /// function created later may reuse its address.
  void forget(llvm::Function &F) { Cursors.erase(&F); }

  /// Pushes and pops work on a cursor local to the function. Once F's body is
  /// complete, this connects the cursor to its home. Owned and Passed
  /// cursors get the push and pop helpers inlined, so that a gradient which
  /// differentiates F sees plain loads, stores and realloc.
  void connect(llvm::Function &F, CursorHome Home);
  /// The address of the current function's cursor, the argument that split
  /// gradients with a Passed cursor take last.
  llvm::Value *cursor(llvm::IRBuilderBase &B);

  // Split mode's tape handles (__enzyme_augmentfwd/__enzyme_reverse): a
  // private tape's cursor in memory the caller owns.
  /// Bytes of a handle (what __enzyme_augmentsize answers).
  static constexpr uint64_t handleSize() { return 24; }
  /// Makes the handle an empty tape.
  void clearHandle(llvm::IRBuilderBase &B, llvm::Value *Handle);
  /// A copy of the handle's cursor in a new stack slot, for a reverse that
  /// must leave the handle as it is.
  llvm::Value *copyHandle(llvm::IRBuilderBase &B, llvm::Value *Handle);
  /// Frees the chunks of the handle's tape (not the handle).
  void freeHandle(llvm::IRBuilderBase &B, llvm::Value *Handle);
  /// Writes the cursor back to the thread's tape (before a new return).
  void saveCursor(llvm::IRBuilderBase &B);
  /// To, a clone of From, uses the clone of From's cursor.
  void cloneCursor(llvm::Function &From, llvm::Function &To,
                   llvm::ValueToValueMapTy &VMap);

private:
  llvm::Function *reserveFunction();
  llvm::Function *releaseFunction();
  llvm::Function *growFunction();
  // The chunked tape of Owned and Passed cursors (PrivateTape.cpp).
  llvm::Function *privateReserveFunction();
  llvm::Function *privateReleaseFunction();
  llvm::Function *privateFreeFunction();
  TapeGroup moveTop(llvm::IRBuilderBase &B, llvm::ArrayRef<llvm::Type *> Types,
                    llvm::Function *Move);
  llvm::StructType *stateType();
  /// The addresses of a cursor's {base, top, capacity} fields.
  struct CursorFields {
    llvm::Value *Base, *Top, *Capacity;
  };
  CursorFields fieldsOf(llvm::IRBuilderBase &B, llvm::Value *Cursor);
  llvm::GlobalVariable *state();
  void loadCursor(llvm::IRBuilderBase &B);
  void connectToThread(llvm::Function &F, llvm::AllocaInst *Cursor);
  void inlineHelpers(llvm::Function &F);
  llvm::SmallVector<uint64_t> layout(llvm::ArrayRef<llvm::Type *> Types,
                                     uint64_t &Total);

  llvm::Module &M;
  llvm::Function *Reserve = nullptr;
  llvm::Function *Release = nullptr;
  llvm::Function *Grow = nullptr;
  llvm::Function *PrivateReserve = nullptr;
  llvm::Function *PrivateRelease = nullptr;
  llvm::Function *PrivateFree = nullptr;
  llvm::DenseMap<llvm::Function *, llvm::AllocaInst *> Cursors;
};

} // namespace qgrad::ad

#endif // QGRAD_AD_TAPE_H
