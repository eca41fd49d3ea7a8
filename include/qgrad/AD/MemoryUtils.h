//===- qgrad/AD/MemoryUtils.h - Heap and memory helpers ---------*- C++ -*-===//
//
// Calls into the C library that gradient code makes for shadow memory, and
// the module-level helper that moves adjoints backwards through a memcpy.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_AD_MEMORYUTILS_H
#define QGRAD_AD_MEMORYUTILS_H

#include "llvm/IR/IRBuilder.h"

namespace qgrad::ad {

/// calloc(1, Size).
/// Shadow memory is marked where it is allocated, so that vector forward
/// mode (VectorTangents.cpp) gives each tangent lane its own; the marks are
/// removed when the engine is done.
llvm::Value *markShadowAllocation(llvm::Value *Shadow);
bool isShadowAllocation(const llvm::Instruction &I);
void stripShadowAllocationMarks(llvm::Module &M);

llvm::Value *zeroedAllocation(llvm::IRBuilderBase &B, llvm::Value *Size,
                              const llvm::Twine &Name = "");
/// aligned_alloc(Align, Size rounded up to Align), zeroed: the shadow of
/// memory whose alignment the primal code may rely on.
llvm::Value *zeroedAlignedAllocation(llvm::IRBuilderBase &B, llvm::Value *Align,
                                     llvm::Value *Size,
                                     const llvm::Twine &Name = "");
/// free(Ptr).
void freeAllocation(llvm::IRBuilderBase &B, llvm::Value *Ptr);
/// malloc_usable_size(Ptr) (0 for null).
llvm::Value *usableSize(llvm::IRBuilderBase &B, llvm::Value *Ptr);

/// Emits the reverse of copying Bytes bytes of FloatTy elements from the
/// memory shadowed by SrcShadow to the memory shadowed by DstShadow:
/// src += dst; dst = 0, element by element, correct for overlap (memmove).
void moveAdjoints(llvm::IRBuilderBase &B, llvm::Type *FloatTy,
                  llvm::Value *DstShadow, llvm::Value *SrcShadow,
                  llvm::Value *Bytes);

/// For a copy of Bytes bytes of an array of Record structs (memory mixing
/// floats and pointers): the forward sweep copies the pointer fields'
/// shadows from SrcShadow to DstShadow...
void copyRecordPointerShadows(llvm::IRBuilderBase &B, llvm::StructType *Record,
                              llvm::Value *DstShadow, llvm::Value *SrcShadow,
                              llvm::Value *Bytes);
/// ...and the reverse sweep moves the float fields' adjoints back
/// (src += dst; dst = 0), field by field. A trailing partial record is
/// handled field by field too.
void moveRecordAdjoints(llvm::IRBuilderBase &B, llvm::StructType *Record,
                        llvm::Value *DstShadow, llvm::Value *SrcShadow,
                        llvm::Value *Bytes);

} // namespace qgrad::ad

#endif // QGRAD_AD_MEMORYUTILS_H
