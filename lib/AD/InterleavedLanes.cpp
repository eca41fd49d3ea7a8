//===- InterleavedLanes.cpp - One block for the N lanes of a shadow -------===//
//
// Which engine-made shadow blocks may be interleaved, and the lane clones'
// rewriting (see InterleavedLanes.h). The mapping o -> N * o + L * s keeps
// two accesses apart exactly when they were apart, provided every access
// has size s and starts at a multiple of s; the analysis checks both, and
// that no address leaves the function's own loads, stores and transfers
// between such blocks (a callee, a stored pointer or a user's buffer would
// assume the plain layout). Anything else keeps a block per lane.
//
//===----------------------------------------------------------------------===//

#include "qgrad/AD/InterleavedLanes.h"

#include "qgrad/AD/MemoryUtils.h"

#include "llvm/ADT/IntEqClasses.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <vector>

using namespace llvm;

namespace qgrad::ad {

namespace {

bool callsNamed(const Instruction &I, StringRef Name, unsigned NumArgs) {
  const auto *CB = dyn_cast<CallInst>(&I);
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  return F && F->getName() == Name && CB->arg_size() == NumArgs;
}

bool isMultipleOf(const Value *V, uint64_t Size, const DataLayout &DL) {
  if (auto *C = dyn_cast<ConstantInt>(V))
    return C->getValue().urem(Size) == 0;
  return isPowerOf2_64(Size) &&
         computeKnownBits(V, DL).countMinTrailingZeros() >= Log2_64(Size);
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

// What the addresses of one shadow block reach.
struct Block {
  CallBase *Alloc;
  SmallSetVector<Instruction *, 16> Addresses;
  SmallVector<Instruction *> Uses; // loads, stores, the free
  SmallVector<MemIntrinsic *> Transfers;
  uint64_t Size = 0; // of every load and store; 0: none yet
  bool Fits = true;

  bool accesses(Type *T, const DataLayout &DL) {
    TypeSize Store = DL.getTypeStoreSize(T);
    if (Store.isScalable() || Store != DL.getTypeAllocSize(T) ||
        Store.getFixedValue() == 0 || (Size && Size != Store.getFixedValue()))
      return false;
    Size = Store.getFixedValue();
    return true;
  }

  // Follows the block's addresses to their uses; false when a use would
  // see the layout.
  bool trace(function_ref<bool(const Value *)> IsLane, const DataLayout &DL) {
    Addresses.insert(Alloc);
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
          if (!LI->isSimple() || !accesses(LI->getType(), DL))
            return false;
          Uses.push_back(LI);
        } else if (auto *SI = dyn_cast<StoreInst>(I)) {
          if (SI->getValueOperand() == P || !SI->isSimple() ||
              !accesses(SI->getValueOperand()->getType(), DL))
            return false;
          Uses.push_back(SI);
        } else if (P == Alloc && callsNamed(*I, "free", 1)) {
          Uses.push_back(I);
        } else if (isa<MemSetInst, MemTransferInst>(I)) {
          auto *MI = cast<MemIntrinsic>(I);
          auto *Set = dyn_cast<MemSetInst>(MI);
          if (MI->isVolatile() || IsLane(MI->getLength()) ||
              (Set && IsLane(Set->getValue())))
            return false;
          Transfers.push_back(MI);
        } else {
          return false;
        }
      }
    }
    return true;
  }
};

} // namespace

InterleavedLanes::InterleavedLanes(Function &Narrow, unsigned Width,
                                   function_ref<bool(const Value *)> IsLane)
    : Width(Width) {
  if (Width < 2)
    return;
  const DataLayout &DL = Narrow.getDataLayout();
  std::vector<Block> Blocks;
  for (Instruction &I : instructions(Narrow))
    if (isShadowAllocation(I) && callsNamed(I, "calloc", 2)) {
      Blocks.emplace_back();
      Blocks.back().Alloc = cast<CallBase>(&I);
      Blocks.back().Fits = Blocks.back().trace(IsLane, DL);
    }
  // Blocks whose addresses meet in a phi or select, or that a memcpy
  // joins, must share the layout: they are interleaved together or not at
  // all.
  IntEqClasses Classes(Blocks.size());
  DenseMap<const Value *, unsigned> Owner;
  for (auto [Index, B] : enumerate(Blocks))
    for (Instruction *A : B.Addresses)
      if (auto [It, New] = Owner.try_emplace(A, Index); !New)
        Classes.join(It->second, Index);
  auto JoinOwnerOf = [&](unsigned Index, const Value *V) {
    auto It = Owner.find(V);
    if (It == Owner.end())
      Blocks[Index].Fits = false;
    else
      Classes.join(It->second, Index);
  };
  for (auto [Index, B] : enumerate(Blocks)) {
    for (Instruction *A : B.Addresses)
      if (isa<PHINode, SelectInst>(A))
        for (const Use &Op : A->operands())
          if (Op->getType()->isPointerTy())
            JoinOwnerOf(Index, Op.get());
    for (MemIntrinsic *MI : B.Transfers) {
      JoinOwnerOf(Index, MI->getDest());
      if (auto *Transfer = dyn_cast<MemTransferInst>(MI))
        JoinOwnerOf(Index, Transfer->getSource());
    }
  }
  Classes.compress();
  SmallVector<uint64_t> ClassSize(Classes.getNumClasses(), 0);
  SmallVector<bool> ClassFits(Classes.getNumClasses(), true);
  for (auto [Index, B] : enumerate(Blocks)) {
    unsigned C = Classes[Index];
    if (!B.Fits || (B.Size && ClassSize[C] && B.Size != ClassSize[C]))
      ClassFits[C] = false;
    if (B.Size)
      ClassSize[C] = B.Size;
  }
  for (auto [Index, B] : enumerate(Blocks)) {
    unsigned C = Classes[Index];
    uint64_t Size = ClassSize[C];
    if (!Size ||
        any_of(B.Addresses,
               [&](Instruction *A) {
                 auto *GEP = dyn_cast<GetElementPtrInst>(A);
                 return GEP && !stepsByMultiplesOf(*GEP, Size, DL);
               }) ||
        any_of(B.Transfers, [&](MemIntrinsic *MI) {
          return !isMultipleOf(MI->getLength(), Size, DL);
        }))
      ClassFits[C] = false;
  }
  for (auto [Index, B] : enumerate(Blocks)) {
    unsigned C = Classes[Index];
    if (!ClassFits[C])
      continue;
    for (Instruction *I : B.Addresses)
      Affected[I] = ClassSize[C];
    for (Instruction *I : B.Uses)
      Affected[I] = ClassSize[C];
    for (MemIntrinsic *MI : B.Transfers)
      Transfers.insert(MI);
  }
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
      Bases[&I] = Clone;
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
      cast<CallInst>(Clone)->setArgOperand(0, Bases.lookup(I.getOperand(0)));
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

// Lane L's copy of bytes [o, o + n) is elements o / s ... of lane L; over
// all lanes that is bytes [N o, N (o + n)) of the interleaved blocks, which
// lane 0's addresses start.
void InterleavedLanes::widenTransfer(MemIntrinsic &Clone) const {
  IRBuilder<> B(&Clone);
  Value *Length = Clone.getLength();
  Clone.setLength(
      B.CreateMul(Length, ConstantInt::get(Length->getType(), Width)));
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
