//===- GradientEngine.cpp - Memoized gradients of a module ----------------===//

#include "qgrad/AD/GradientSynthesis.h"

#include "qgrad/AD/MemoryUtils.h"
#include "qgrad/AD/Preprocess.h"

#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace qgrad::ad {
GradientEngine::GradientEngine(Module &M)
    : M(M), Reg(Registry::collect(M, Diags)), TheTape(M) {}

Type *GradientEngine::gradientResultType(const GradientKey &Key) const {
  SmallVector<Type *> Fields;
  for (auto [Arg, Act] : zip(Key.Fn->args(), Key.Args))
    if (Act == ArgActivity::Out)
      Fields.push_back(Arg.getType());
  if (Fields.empty())
    return Type::getVoidTy(M.getContext());
  return StructType::get(M.getContext(), Fields);
}

static SmallVector<Type *> splitParams(const GradientKey &Key) {
  SmallVector<Type *> Params;
  for (auto [Arg, Act] : zip(Key.Fn->args(), Key.Args)) {
    Params.push_back(Arg.getType());
    if (isDuplicated(Act))
      Params.push_back(Arg.getType());
  }
  return Params;
}

FunctionType *GradientEngine::gradientType(const GradientKey &Key) const {
  SmallVector<Type *> Params = splitParams(Key);
  if (Key.ReturnActive)
    Params.push_back(Key.Fn->getReturnType());
  return FunctionType::get(gradientResultType(Key), Params, false);
}

FunctionType *GradientEngine::augmentedType(const GradientKey &Key) const {
  Type *Ret = Key.Fn->getReturnType();
  if (Key.ReturnShadow)
    Ret = StructType::get(M.getContext(), {Ret, Ret});
  return FunctionType::get(Ret, splitParams(Key), false);
}

FunctionType *GradientEngine::tangentType(const GradientKey &Key) const {
  SmallVector<Type *> Params;
  for (auto [Arg, Act] : zip(Key.Fn->args(), Key.Args)) {
    Params.push_back(Arg.getType());
    if (isDuplicated(Act) || Act == ArgActivity::Out)
      Params.push_back(Arg.getType());
  }
  Type *Ret = Key.Fn->getReturnType();
  if (Key.ReturnActive || Key.ReturnShadow)
    Ret = StructType::get(M.getContext(), {Ret, Ret});
  return FunctionType::get(Ret, Params, false);
}

Function *GradientEngine::tangentFunction(const GradientKey &Key,
                                          bool TopLevel) {
  Function *&T = Tangents[Key];
  if (T)
    return T;
  std::string Name = ("__qgrad_fwd_" + Key.Fn->getName()).str();
  if (!TopLevel) {
    // Declared now, built by finish(): a callee may be recursive, and one
    // synthesis must not run inside another.
    T = Function::Create(tangentType(Key), GlobalValue::InternalLinkage, Name,
                         M);
    Pending.push_back({PendingKind::Tangent, Key});
    return T;
  }
  T = onPrivateCopy(Key, [&](Differentiator &D) {
    return D.runTangent(Name, /*TopLevel=*/true);
  });
  return T;
}

Function *GradientEngine::onPrivateCopy(
    const GradientKey &Key, function_ref<Function *(Differentiator &)> Build) {
  Function *Primal = preparePrimal(*Key.Fn, Key.Hints);
  Differentiator D(*this, *Primal, Key, Key.Fn);
  Function *Built = Build(D);
  TheTape.forget(*Primal);
  Primal->eraseFromParent();
  return Built;
}

Function *GradientEngine::synthesizeCombined(const GradientKey &Key,
                                             StringRef Name) {
  return onPrivateCopy(Key, [&](Differentiator &D) {
    Function *G = D.run(Name, /*TopLevel=*/true);
    TheTape.connect(*G,
                    Key.PrivateTape ? CursorHome::Owned : CursorHome::Thread);
    return G;
  });
}

Function *GradientEngine::combined(const GradientKey &Key) {
  Function *&G = Combined[Key];
  if (G)
    return G;
  // The bodies of the split callees requested so far (those of a nested
  // gradient this one calls) tell the type analysis what the memory they
  // write holds.
  drainPending();
  G = synthesizeCombined(Key, ("__qgrad_grad_" + Key.Fn->getName()).str());
  return G;
}

// A split gradient with a private tape takes the caller's cursor last.
static FunctionType *withCursor(FunctionType *T, const GradientKey &Key) {
  if (!Key.PrivateTape)
    return T;
  SmallVector<Type *> Params(T->params());
  Params.push_back(PointerType::getUnqual(T->getContext()));
  return FunctionType::get(T->getReturnType(), Params, false);
}

SplitGradient GradientEngine::split(const GradientKey &Key) {
  auto [It, Inserted] = Splits.try_emplace(Key);
  if (!Inserted)
    return It->second;
  StringRef Name = Key.Fn->getName();
  It->second.Augmented =
      Function::Create(withCursor(augmentedType(Key), Key),
                       GlobalValue::InternalLinkage, "__qgrad_aug_" + Name, M);
  It->second.Reverse =
      Function::Create(withCursor(gradientType(Key), Key),
                       GlobalValue::InternalLinkage, "__qgrad_rev_" + Name, M);
  Pending.push_back({PendingKind::Split, Key});
  return It->second;
}

namespace {

// Clones the combined function's body into Target, mapping its first Shared
// arguments to Target's in order; the rest (the trailing dret, which the
// augmented forward lacks) become poison.
void cloneInto(Function &Target, Function &Combined, ValueToValueMapTy &VMap,
               unsigned Shared) {
  for (Argument &Arg : Combined.args())
    VMap[&Arg] = Arg.getArgNo() < Shared
                     ? static_cast<Value *>(Target.getArg(Arg.getArgNo()))
                     : PoisonValue::get(Arg.getType());
  SmallVector<ReturnInst *> Returns;
  CloneFunctionInto(&Target, &Combined, VMap,
                    CloneFunctionChangeType::LocalChangesOnly, Returns);
  Target.setAttributes(AttributeList());
  inheritUnwinding(Target, Combined);
}

// The clone of a value of the combined function. Constants and globals are
// not cloned, and a callee may return one (a constant count, a null
// pointer, whose shadow is null too), so they map to themselves.
Value *mapped(ValueToValueMapTy &VMap, Value *V) {
  if (Value *Clone = VMap.lookup(V))
    return Clone;
  assert(isa<Constant>(V) && "a value of the combined function not cloned");
  return V;
}

// The augmented forward: the forward sweep, whose exit pushes every cached
// value and returns the primal result.
void buildAugmented(Function &A, Function &C, Differentiator &D, Tape &T) {
  ValueToValueMapTy VMap;
  cloneInto(A, C, VMap, splitParams(D.key()).size());
  T.cloneCursor(C, A, VMap);
  auto *Exit = cast<BranchInst>(VMap[D.forwardExit()]);
  IRBuilder<> B(Exit);
  SmallVector<Value *> Values;
  for (AllocaInst *Slot : D.cacheSlots())
    Values.push_back(B.CreateLoad(Slot->getAllocatedType(), VMap[Slot]));
  T.pushGroup(B, Values);
  Type *RetTy = A.getReturnType();
  if (RetTy->isVoidTy()) {
    B.CreateRetVoid();
  } else if (!D.forwardReturnShadow()) {
    B.CreateRet(mapped(VMap, D.forwardReturn()));
  } else {
    Value *Pair = PoisonValue::get(RetTy);
    Pair = B.CreateInsertValue(Pair, mapped(VMap, D.forwardReturn()), 0);
    Pair = B.CreateInsertValue(Pair, mapped(VMap, D.forwardReturnShadow()), 1);
    B.CreateRet(Pair);
  }
  Exit->eraseFromParent();
  removeUnreachableBlocks(A);
}

// The reverse: pops the cached values, then runs the reverse sweep.
void buildReverse(Function &R, Function &C, Differentiator &D, Tape &T) {
  ValueToValueMapTy VMap;
  cloneInto(R, C, VMap, C.arg_size());
  T.cloneCursor(C, R, VMap);
  auto *Setup = cast<BasicBlock>(VMap[D.setupBlock()]);
  Instruction *Jump = Setup->getTerminator();
  IRBuilder<> B(Jump);
  SmallVector<Type *> Types;
  for (AllocaInst *Slot : D.cacheSlots())
    Types.push_back(Slot->getAllocatedType());
  for (auto [Slot, V] : zip(D.cacheSlots(), T.popGroup(B, Types)))
    B.CreateStore(V, VMap[Slot]);
  B.CreateBr(cast<BasicBlock>(VMap[D.reverseEntry()]));
  Jump->eraseFromParent();
  removeUnreachableBlocks(R);
}

} // namespace

void GradientEngine::finish() {
  drainPending();
  assert(WidenQueue.empty() && "a wide tangent function left unbuilt");
  stripShadowAllocationMarks(M);
}

void GradientEngine::drainPending() {
  // In request order: a function is differentiated after everything its
  // body calls was built (a gradient's split callees before its tangent,
  // forward over reverse; a tangent function before the split pair of a
  // function calling it, reverse over forward).
  while (!Pending.empty()) {
    auto [Kind, Key] = Pending.front();
    Pending.pop_front();
    if (Kind == PendingKind::Tangent)
      buildTangent(Key);
    else
      buildSplit(Key);
  }
}

void GradientEngine::buildSplit(const GradientKey &Key) {
  SplitGradient Split = Splits[Key];
  Function *Primal = preparePrimal(*Key.Fn, Key.Hints);
  Differentiator D(*this, *Primal, Key, Key.Fn);
  Function *C = D.run(("__qgrad_split_" + Key.Fn->getName()).str(),
                      /*TopLevel=*/false);
  if (D.forwardExit()) {
    buildAugmented(*Split.Augmented, *C, D, TheTape);
    buildReverse(*Split.Reverse, *C, D, TheTape);
    CursorHome Home = Key.PrivateTape ? CursorHome::Passed : CursorHome::Thread;
    TheTape.connect(*Split.Augmented, Home);
    TheTape.connect(*Split.Reverse, Home);
  } else {
    // Already reported; keep the module valid.
    for (Function *F : {Split.Augmented, Split.Reverse})
      new UnreachableInst(M.getContext(),
                          BasicBlock::Create(M.getContext(), "entry", F));
  }
  TheTape.forget(*C);
  TheTape.forget(*Primal);
  C->eraseFromParent();
  Primal->eraseFromParent();
}

void GradientEngine::buildTangent(const GradientKey &Key) {
  Function *Declared = Tangents[Key];
  Function *T = onPrivateCopy(Key, [&](Differentiator &D) {
    return D.runTangent(Declared->getName(), /*TopLevel=*/false);
  });
  Declared->replaceAllUsesWith(T);
  T->takeName(Declared);
  Declared->eraseFromParent();
  Tangents[Key] = T;
}

} // namespace qgrad::ad
