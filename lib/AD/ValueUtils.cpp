//===- ValueUtils.cpp - Arithmetic on adjoint values ----------------------===//

#include "qgrad/AD/ValueUtils.h"

#include "llvm/ADT/SmallPtrSet.h"

using namespace llvm;

namespace qgrad::ad {

bool walkIntegerUsers(const Value *V,
                      function_ref<IntegerUse(const User *)> Classify) {
  SmallVector<const Value *> Work{V};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Work.empty()) {
    const Value *Cur = Work.pop_back_val();
    if (!Seen.insert(Cur).second)
      continue;
    for (const User *U : Cur->users()) {
      switch (Classify(U)) {
      case IntegerUse::Follow:
        Work.push_back(U);
        break;
      case IntegerUse::Accept:
        break;
      case IntegerUse::Reject:
        return false;
      }
    }
  }
  return true;
}

const PtrToIntInst *pointerOrigin(const Value *Int) {
  const PtrToIntInst *Origin = nullptr;
  SmallVector<const Value *> Work{Int};
  SmallPtrSet<const Value *, 16> Seen;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    if (const auto *Cast = dyn_cast<PtrToIntInst>(V)) {
      if (Origin && Origin != Cast)
        return nullptr;
      Origin = Cast;
    } else if (const auto *Sel = dyn_cast<SelectInst>(V)) {
      Work.append({Sel->getTrueValue(), Sel->getFalseValue()});
    } else if (isa<BinaryOperator, ZExtInst, SExtInst, TruncInst, PHINode,
                   FreezeInst>(V)) {
      for (const Value *Op : cast<User>(V)->operands())
        Work.push_back(Op);
    }
  }
  return Origin;
}

Constant *emptyAdjoint(Type *T) {
  if (T->isFPOrFPVectorTy())
    return ConstantFP::getNegativeZero(T);
  if (auto *ST = dyn_cast<StructType>(T)) {
    SmallVector<Constant *> Fields;
    for (Type *Field : ST->elements())
      Fields.push_back(emptyAdjoint(Field));
    return ConstantStruct::get(ST, Fields);
  }
  if (auto *AT = dyn_cast<ArrayType>(T))
    return ConstantArray::get(
        AT, SmallVector<Constant *>(AT->getNumElements(),
                                    emptyAdjoint(AT->getElementType())));
  return Constant::getNullValue(T);
}

Value *addValues(IRBuilderBase &B, Value *A, Value *V) {
  Type *T = A->getType();
  if (T->isFPOrFPVectorTy())
    return B.CreateFAdd(A, V);
  unsigned N =
      isa<StructType>(T) ? T->getStructNumElements() : T->getArrayNumElements();
  Value *Sum = A;
  for (unsigned K = 0; K < N; ++K) {
    Type *Elem = isa<StructType>(T) ? T->getStructElementType(K)
                                    : T->getArrayElementType();
    if (!Elem->isFPOrFPVectorTy() && !Elem->isAggregateType())
      continue;
    Value *Part =
        addValues(B, B.CreateExtractValue(A, K), B.CreateExtractValue(V, K));
    Sum = B.CreateInsertValue(Sum, Part, K);
  }
  return Sum;
}

static void collectLeaves(Type *T, SmallVector<unsigned, 2> &Path,
                          SmallVectorImpl<Type *> &Leaves,
                          SmallVectorImpl<SmallVector<unsigned, 2>> &Paths) {
  if (T->isFloatingPointTy()) {
    Leaves.push_back(T);
    Paths.push_back(Path);
    return;
  }
  if (auto *VT = dyn_cast<FixedVectorType>(T)) {
    for (unsigned K = 0; K < VT->getNumElements(); ++K) {
      Path.push_back(K);
      collectLeaves(VT->getElementType(), Path, Leaves, Paths);
      Path.pop_back();
    }
    return;
  }
  unsigned N = 0;
  if (auto *ST = dyn_cast<StructType>(T))
    N = ST->getNumElements();
  else if (auto *AT = dyn_cast<ArrayType>(T))
    N = AT->getNumElements();
  for (unsigned K = 0; K < N; ++K) {
    Path.push_back(K);
    Type *Elem = isa<StructType>(T) ? T->getStructElementType(K)
                                    : T->getArrayElementType();
    collectLeaves(Elem, Path, Leaves, Paths);
    Path.pop_back();
  }
}

void floatLeaves(Type *T, SmallVectorImpl<Type *> &Leaves,
                 SmallVectorImpl<SmallVector<unsigned, 2>> &Paths) {
  SmallVector<unsigned, 2> Path;
  collectLeaves(T, Path, Leaves, Paths);
}

Value *convertFloat(IRBuilderBase &B, Value *V, Type *To) {
  Type *From = V->getType();
  if (From == To)
    return V;
  if (From->getPrimitiveSizeInBits() < To->getPrimitiveSizeInBits())
    return B.CreateFPExt(V, To);
  return B.CreateFPTrunc(V, To);
}

} // namespace qgrad::ad
