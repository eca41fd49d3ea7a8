//===- TypeAnalysis.cpp - What bytes in memory are ------------------------===//

#include "qgrad/AD/TypeAnalysis.h"

#include "qgrad/AD/ValueUtils.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace qgrad::ad {
namespace {

struct Evidence {
  SmallPtrSet<Type *, 2> Floats;
  SmallPtrSet<StructType *, 2> Records; // structs GEPs index the memory as
  bool Pointers = false;
  bool Integers = false;

  void add(Type *T) {
    if (T->isPointerTy()) {
      Pointers = true;
    } else if (T->isIntegerTy()) {
      Integers |= !T->isIntegerTy(8);
    } else if (T->isFloatingPointTy()) {
      Floats.insert(T);
    } else if (T->isAggregateType() || T->isVectorTy()) {
      SmallVector<Type *> Leaves;
      SmallVector<SmallVector<unsigned, 2>> Paths;
      floatLeaves(T, Leaves, Paths);
      for (Type *Leaf : Leaves)
        Floats.insert(Leaf);
      if (auto *ST = dyn_cast<StructType>(T))
        for (Type *Elem : ST->elements())
          if (Elem->isPointerTy() || Elem->isIntegerTy())
            add(Elem);
      if (auto *AT = dyn_cast<ArrayType>(T))
        add(AT->getElementType());
    }
  }
};

void collect(Value *Root, Evidence &E, SmallPtrSetImpl<Value *> &Seen) {
  SmallVector<Value *> Work{Root};
  while (!Work.empty()) {
    Value *Ptr = Work.pop_back_val();
    if (!Seen.insert(Ptr).second)
      continue;
    for (User *U : Ptr->users()) {
      if (auto *LI = dyn_cast<LoadInst>(U)) {
        E.add(LI->getType());
      } else if (auto *SI = dyn_cast<StoreInst>(U)) {
        if (SI->getPointerOperand() == Ptr)
          E.add(SI->getValueOperand()->getType());
      } else if (auto *GEP = dyn_cast<GetElementPtrInst>(U)) {
        if (GEP->getPointerOperand() != Ptr)
          continue;
        if (!GEP->getSourceElementType()->isIntegerTy(8))
          E.add(GEP->getSourceElementType());
        if (auto *ST = dyn_cast<StructType>(GEP->getSourceElementType()))
          E.Records.insert(ST);
        Work.push_back(GEP);
      } else if (isa<PHINode, SelectInst, BitCastInst, AddrSpaceCastInst>(U)) {
        Work.push_back(cast<Value>(U));
      } else if (auto *CB = dyn_cast<CallBase>(U)) {
        // The same memory, typed by the callee that reads or writes it: a
        // buffer a nested gradient fills is only accessed there.
        Function *Callee = CB->getCalledFunction();
        if (!Callee || Callee->isDeclaration() || Callee->isVarArg())
          continue;
        for (unsigned I = 0; I < CB->arg_size() && I < Callee->arg_size(); ++I)
          if (CB->getArgOperand(I) == Ptr)
            Work.push_back(Callee->getArg(I));
      }
    }
  }
}

// Record, when every float type and (if any) the pointers the evidence
// saw are fields of it.
StructType *consistentRecord(StructType *Record, const Evidence &E) {
  Evidence Fields;
  Fields.add(Record);
  bool Covered =
      all_of(E.Floats, [&](Type *T) { return Fields.Floats.count(T) != 0; });
  return Covered && (!E.Pointers || Fields.Pointers) ? Record : nullptr;
}

} // namespace

MemoryType deduceMemoryType(ArrayRef<Value *> Pointers,
                            ArrayRef<Type *> ArgumentHints) {
  Evidence E;
  SmallPtrSet<Value *, 16> Seen;
  SmallPtrSet<Type *, 2> Hinted;
  for (Value *Ptr : Pointers) {
    SmallVector<const Value *> Objects;
    getUnderlyingObjects(Ptr, Objects);
    for (const Value *Obj : Objects) {
      collect(const_cast<Value *>(Obj), E, Seen);
      if (auto *Arg = dyn_cast<Argument>(Obj))
        if (Arg->getArgNo() < ArgumentHints.size() &&
            ArgumentHints[Arg->getArgNo()])
          Hinted.insert(ArgumentHints[Arg->getArgNo()]);
    }
    collect(Ptr, E, Seen);
  }
  if (E.Floats.empty() && !E.Pointers)
    E.Floats = Hinted;
  MemoryType Result;
  if (E.Floats.size() > 1 || (!E.Floats.empty() && E.Pointers)) {
    Result.K = MemoryType::Mixed;
    if (E.Records.size() == 1)
      Result.Record = consistentRecord(*E.Records.begin(), E);
  } else if (!E.Floats.empty()) {
    Result.K = MemoryType::Float;
    Result.FloatType = *E.Floats.begin();
  } else if (E.Pointers) {
    Result.K = MemoryType::Pointer;
  } else if (E.Integers) {
    Result.K = MemoryType::Integer;
  }
  return Result;
}

} // namespace qgrad::ad

namespace qgrad::ad {

void retypeIntegerAccesses(Function &F, ArrayRef<Type *> ArgumentHints) {
  SmallVector<Instruction *> Accesses;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (isa<LoadInst>(I)
              ? I.getType()->isIntegerTy()
              : isa<StoreInst>(I) && I.getOperand(0)->getType()->isIntegerTy())
        Accesses.push_back(&I);
  for (Instruction *I : Accesses) {
    Value *Ptr = getLoadStorePointerOperand(I);
    Type *IntTy = isa<LoadInst>(I) ? I->getType() : I->getOperand(0)->getType();
    MemoryType T = deduceMemoryType({Ptr}, ArgumentHints);
    if (T.K != MemoryType::Float || T.FloatType->getPrimitiveSizeInBits() !=
                                        IntTy->getPrimitiveSizeInBits())
      continue;
    IRBuilder<> B(I);
    if (auto *LI = dyn_cast<LoadInst>(I)) {
      LoadInst *FL = B.CreateAlignedLoad(T.FloatType, Ptr, LI->getAlign(),
                                         LI->getName() + ".fp");
      LI->replaceAllUsesWith(B.CreateBitCast(FL, IntTy));
      LI->eraseFromParent();
      continue;
    }
    auto *SI = cast<StoreInst>(I);
    Value *V = SI->getValueOperand();
    // A value that was itself a retyped load goes back without a round trip.
    Value *FV = nullptr;
    if (auto *Cast = dyn_cast<BitCastInst>(V);
        Cast && Cast->getSrcTy() == T.FloatType)
      FV = Cast->getOperand(0);
    else
      FV = B.CreateBitCast(V, T.FloatType);
    B.CreateAlignedStore(FV, Ptr, SI->getAlign());
    SI->eraseFromParent();
  }
  // Drop bitcasts left without uses.
  for (BasicBlock &BB : F)
    for (Instruction &I : make_early_inc_range(BB))
      if (isa<BitCastInst>(I) && I.use_empty())
        I.eraseFromParent();
}

} // namespace qgrad::ad
