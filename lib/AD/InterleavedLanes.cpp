//===- InterleavedLanes.cpp - One block for the N lanes of a shadow -------===//
//
// Which engine-made shadow blocks may be interleaved, and the lane clones'
// rewriting (see InterleavedLanes.h). The mapping o -> N * o + L * s keeps
// two accesses apart exactly when they were apart, provided every access
// has size s and starts at a multiple of s; the analysis checks both, and
// that no address leaves the function's own loads and stores (a callee or
// a stored pointer would assume the plain layout). Anything else keeps a
// block per lane.
//
//===----------------------------------------------------------------------===//

#include "qgrad/AD/InterleavedLanes.h"

#include "qgrad/AD/MemoryUtils.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

namespace qgrad::ad {

namespace {

bool callsNamed(const Instruction &I, StringRef Name, unsigned NumArgs) {
  const auto *CB = dyn_cast<CallInst>(&I);
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  return F && F->getName() == Name && CB->arg_size() == NumArgs;
}

// The bytes a GEP step adds are a multiple of Size whatever its index.
bool stepsByMultiplesOf(const GetElementPtrInst &GEP, uint64_t Size,
                        const DataLayout &DL) {
  TypeSize Step = DL.getTypeAllocSize(GEP.getSourceElementType());
  if (Step.isScalable())
    return false;
  if (Step.getFixedValue() % Size == 0)
    return true;
  auto *Index = dyn_cast<ConstantInt>(GEP.getOperand(1));
  return Index && (Index->getSExtValue() * int64_t(Step.getFixedValue())) %
                          int64_t(Size) ==
                      0;
}

} // namespace

InterleavedLanes::InterleavedLanes(Function &Narrow, unsigned Width,
                                   function_ref<bool(const Value *)> IsLane)
    : Width(Width) {
  if (Width < 2)
    return;
  for (Instruction &I : instructions(Narrow))
    if (isShadowAllocation(I) && callsNamed(I, "calloc", 2))
      tryAllocation(cast<CallBase>(I), IsLane);
}

bool InterleavedLanes::tryAllocation(CallBase &Alloc,
                                     function_ref<bool(const Value *)> IsLane) {
  const DataLayout &DL = Alloc.getModule()->getDataLayout();
  SmallSetVector<Instruction *, 16> Addresses;
  SmallVector<Instruction *> Uses;
  uint64_t Size = 0;
  auto Accesses = [&](Type *T) {
    TypeSize Store = DL.getTypeStoreSize(T);
    if (Store.isScalable() || Store != DL.getTypeAllocSize(T) ||
        Store.getFixedValue() == 0 || (Size && Size != Store.getFixedValue()))
      return false;
    Size = Store.getFixedValue();
    return true;
  };
  Addresses.insert(&Alloc);
  for (unsigned Next = 0; Next < Addresses.size(); ++Next) {
    Instruction *P = Addresses[Next];
    for (User *U : P->users()) {
      auto *I = dyn_cast<Instruction>(U);
      if (!I)
        return false;
      if (auto *GEP = dyn_cast<GetElementPtrInst>(I)) {
        if (GEP->getPointerOperand() != P || GEP->getNumIndices() != 1 ||
            GEP->getType()->isVectorTy() || IsLane(GEP->getOperand(1)))
          return false;
        Addresses.insert(GEP);
      } else if (isa<PHINode>(I) ||
                 (isa<SelectInst>(I) && I->getOperand(0) != P)) {
        Addresses.insert(I);
      } else if (auto *LI = dyn_cast<LoadInst>(I)) {
        if (!LI->isSimple() || !Accesses(LI->getType()))
          return false;
        Uses.push_back(LI);
      } else if (auto *SI = dyn_cast<StoreInst>(I)) {
        if (SI->getValueOperand() == P || !SI->isSimple() ||
            !Accesses(SI->getValueOperand()->getType()))
          return false;
        Uses.push_back(SI);
      } else if (P == &Alloc && callsNamed(*I, "free", 1)) {
        Uses.push_back(I);
      } else {
        return false;
      }
    }
  }
  if (!Size)
    return false;
  for (Instruction *A : Addresses) {
    if (auto *GEP = dyn_cast<GetElementPtrInst>(A);
        GEP && !stepsByMultiplesOf(*GEP, Size, DL))
      return false;
    // A merge with an address of another block would mix the layouts.
    if (isa<PHINode, SelectInst>(A) &&
        any_of(A->operands(), [&](const Use &Op) {
          auto *In = dyn_cast<Instruction>(Op.get());
          return Op->getType()->isPointerTy() &&
                 !(In && Addresses.contains(In));
        }))
      return false;
  }
  for (Instruction *I : Addresses)
    Affected[I] = Size;
  for (Instruction *I : Uses)
    Affected[I] = Size;
  return true;
}

Value *InterleavedLanes::adjust(const Instruction &I, Instruction *Clone,
                                unsigned Lane, Value *LaneZero) {
  uint64_t Size = Affected.lookup(&I);
  IRBuilder<> B(Clone);
  if (isShadowAllocation(I)) {
    if (Lane == 0) {
      // One block of Width times the bytes, and one element more per lane
      // so that lane L's addresses, L * s above lane 0's, stay in bounds
      // wherever lane 0's one-past-the-end address was.
      auto *Call = cast<CallBase>(Clone);
      Value *Bytes =
          B.CreateMul(Call->getArgOperand(0), Call->getArgOperand(1));
      Call->setArgOperand(0, B.getInt64(Width));
      Call->setArgOperand(1, B.CreateAdd(Bytes, B.getInt64(Size)));
      Blocks[&I] = Clone;
      return Clone;
    }
    Value *LanePtr =
        B.CreateInBoundsGEP(B.getInt8Ty(), LaneZero, B.getInt64(Lane * Size));
    LanePtr->takeName(Clone);
    Clone->eraseFromParent();
    return LanePtr;
  }
  // The block's free, once. Lane code is emitted lane after lane, so only
  // the last lane's free comes after every lane's accesses before it.
  if (isa<CallInst>(I)) {
    if (Lane + 1 == Width) {
      cast<CallInst>(Clone)->setArgOperand(0, Blocks.lookup(I.getOperand(0)));
      return Clone;
    }
    Clone->eraseFromParent();
    return nullptr;
  }
  if (auto *GEP = dyn_cast<GetElementPtrInst>(Clone)) {
    // Index i of a step over T moves N * i * sizeof(T) bytes.
    Type *Row = ArrayType::get(GEP->getSourceElementType(), Width);
    GEP->setSourceElementType(Row);
    GEP->setResultElementType(Row);
    return GEP;
  }
  if (auto *LI = dyn_cast<LoadInst>(Clone))
    LI->setAlignment(commonAlignment(LI->getAlign(), Size));
  if (auto *SI = dyn_cast<StoreInst>(Clone))
    SI->setAlignment(commonAlignment(SI->getAlign(), Size));
  if (isa<LoadInst, StoreInst>(Clone))
    AccessBlocks.insert(Clone->getParent());
  return Clone;
}

// The loop vectorizer would run along the loop, where lane L's elements are
// N apart: strided loads and a shuffle per store. Across the lanes they are
// contiguous, which is what the SLP vectorizer packs.
void InterleavedLanes::keepLoopsScalar(Function &Wide) const {
  if (AccessBlocks.empty())
    return;
  DominatorTree DT(Wide);
  LoopInfo Loops(DT);
  for (Loop *L : Loops.getLoopsInPreorder())
    if (any_of(L->blocks(),
               [&](BasicBlock *BB) { return AccessBlocks.contains(BB); }))
      addStringMetadataToLoop(L, "llvm.loop.vectorize.enable", 0);
}

} // namespace qgrad::ad
