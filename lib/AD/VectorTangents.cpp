//===- VectorTangents.cpp - Vector forward mode: one primal, N tangents ---===//
//
// enzyme_width N asks for N directional derivatives in one call. The
// function of width N is made from the forward-mode function of width one
// (TangentSynthesis.cpp) by replicating its tangent code once per lane while
// its primal code runs once:
//   - a value is a lane value when it depends on a tangent or shadow
//     parameter, on a shadow allocation (marked by MemoryUtils and the
//     stack-shadow rule) or on a global's shadow (each lane has its own);
//   - a lane value is cloned N times, each clone reading its own lane's
//     operands; everything else is cloned once;
//   - a call of a callee's tangent function becomes one call of its width N
//     version, whose primal result is shared and whose tangents are split
//     into the lanes;
//   - lane data may only reach lane memory: a lane value stored through a
//     primal pointer, a branch on a lane value, or a call that is not known
//     to touch only lane memory makes the replication wrong, and is refused.
// The primal work is shared; the N lanes are isomorphic, which the SLP
// vectorizer of the pipeline after AD turns into vector instructions.
//
//===----------------------------------------------------------------------===//

#include "qgrad/AD/GradientSynthesis.h"

#include "qgrad/AD/Diagnostics.h"
#include "qgrad/AD/InterleavedLanes.h"
#include "qgrad/AD/MemoryUtils.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <deque>
#include <optional>

using namespace llvm;

namespace qgrad::ad {

namespace {

// Positions of the tangent (or shadow) parameters of Key's tangent
// function: each active argument's value is followed by one.
SmallVector<bool> laneParameters(const GradientKey &Key) {
  SmallVector<bool> IsLane;
  for (ArgActivity Act : Key.Args) {
    IsLane.push_back(false);
    if (isDuplicated(Act) || Act == ArgActivity::Out)
      IsLane.push_back(true);
  }
  return IsLane;
}

bool returnsTangentPair(const GradientKey &Key) {
  return Key.ReturnActive || Key.ReturnShadow;
}

// Functions that the tangent code calls with lane operands and that touch
// nothing but the memory their pointer arguments reach: run once per lane,
// each lane's call stays in its own lane's memory.
constexpr StringRef LaneLocalFunctions[] = {"free",    "calloc",
                                            "malloc",  "aligned_alloc",
                                            "realloc", "malloc_usable_size"};
constexpr StringRef LaneLocalPrefixes[] = {"__qgrad_move_adjoints_",
                                           "__qgrad_copy_record_pointers",
                                           "__qgrad_move_record_adjoints"};

class LaneReplicator {
public:
  LaneReplicator(GradientEngine &E, Function &Narrow, Function &Wide,
                 const GradientKey &Key, unsigned Width)
      : E(E), Narrow(Narrow), Wide(Wide), Key(Key), Width(Width), Maps(Width) {}

  Error run() {
    findLaneValues();
    if (Error Err = checkReplicable())
      return Err;
    Interleaved.emplace(Narrow, Width,
                        [&](const Value *V) { return isLane(V); });
    mapArguments();
    cloneBlocks();
    Interleaved->keepLoopsScalar(Wide);
    inheritUnwinding(Wide, Narrow);
    return Error::success();
  }

private:
  Error refuse(const Instruction &I, const Twine &Why) {
    std::string Text;
    raw_string_ostream OS(Text);
    I.print(OS);
    return createStringError(inconvertibleErrorCode(),
                             "vector forward mode (enzyme_width " +
                                 Twine(Width) + ") of '" + Key.Fn->getName() +
                                 "': its tangent code " + Why +
                                 ", which cannot run once per tangent (" +
                                 StringRef(Text).trim() + ")");
  }

  // --- Which values are lane values ----------------------------------------

  bool refersToGlobalShadow(const Constant *C) {
    if (auto *G = dyn_cast<GlobalVariable>(C))
      return E.isGlobalShadow(G);
    if (isa<GlobalValue>(C))
      return false;
    auto [It, Inserted] = ConstantRefersToShadow.try_emplace(C, false);
    if (!Inserted)
      return It->second;
    bool Refers = any_of(C->operands(), [&](const Use &Op) {
      return refersToGlobalShadow(cast<Constant>(Op.get()));
    });
    return ConstantRefersToShadow[C] = Refers;
  }

  void markLane(Value *V) {
    if (LaneValues.insert(V).second)
      Work.push_back(V);
  }

  void findLaneValues() {
    for (auto [Arg, IsLane] : zip(Narrow.args(), laneParameters(Key)))
      if (IsLane)
        markLane(&Arg);
    for (Instruction &I : instructions(Narrow)) {
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (const GradientKey *CalleeKey =
                E.tangentKeyOf(CB->getCalledFunction())) {
          WideCalls[CB] = CalleeKey;
          markLane(CB);
          continue;
        }
      if (isShadowAllocation(I) || any_of(I.operands(), [&](const Use &Op) {
            auto *C = dyn_cast<Constant>(Op.get());
            return C && refersToGlobalShadow(C);
          }))
        markLane(&I);
    }
    while (!Work.empty()) {
      Value *V = Work.pop_back_val();
      auto *Call = dyn_cast<CallBase>(V);
      bool IsWideCall = Call && WideCalls.count(Call);
      for (User *U : V->users()) {
        auto *I = dyn_cast<Instruction>(U);
        if (!I)
          continue;
        // A callee's tangent function returns {result, tangent}: only the
        // tangent is per lane.
        if (IsWideCall) {
          auto *EV = dyn_cast<ExtractValueInst>(I);
          if (EV && EV->getIndices().front() == 1)
            markLane(EV);
          continue;
        }
        markLane(I);
      }
    }
  }

  bool isLane(const Value *V) {
    if (auto *C = dyn_cast<Constant>(V))
      return refersToGlobalShadow(C);
    return LaneValues.contains(V);
  }

  // --- What replication cannot do ------------------------------------------

  bool isLaneLocalCall(const CallBase &CB) {
    const Function *F = CB.getCalledFunction();
    if (!F)
      return false;
    if (auto *MI = dyn_cast<MemIntrinsic>(&CB))
      return isLane(MI->getDest());
    if (CB.onlyReadsMemory() || F->onlyReadsMemory() ||
        F->getIntrinsicID() == Intrinsic::lifetime_start ||
        F->getIntrinsicID() == Intrinsic::lifetime_end)
      return true;
    StringRef Name = F->getName();
    bool Known = is_contained(LaneLocalFunctions, Name) ||
                 any_of(LaneLocalPrefixes,
                        [&](StringRef P) { return Name.starts_with(P); });
    return Known && all_of(CB.args(), [&](const Use &Arg) {
             return !Arg->getType()->isPointerTy() || isLane(Arg.get()) ||
                    isa<Constant>(Arg.get());
           });
  }

  Error checkReplicable() {
    for (Instruction &I : instructions(Narrow)) {
      if (!isLane(&I))
        continue;
      if (auto *SI = dyn_cast<StoreInst>(&I)) {
        if (isLane(SI->getValueOperand()) && !isLane(SI->getPointerOperand()))
          return refuse(I, "stores a tangent into primal memory");
        continue;
      }
      if (auto *RMW = dyn_cast<AtomicRMWInst>(&I);
          RMW && !isLane(RMW->getPointerOperand()))
        return refuse(I, "updates primal memory with a tangent");
      if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I);
          CX && !isLane(CX->getPointerOperand()))
        return refuse(I, "updates primal memory with a tangent");
      if (auto *CB = dyn_cast<CallBase>(&I)) {
        if (isa<InvokeInst, CallBrInst>(CB))
          return refuse(I, "unwinds through a tangent call");
        if (WideCalls.count(CB))
          continue;
        if (!isLaneLocalCall(*CB)) {
          const Function *F = CB->getCalledFunction();
          return refuse(I, "passes a tangent to '" +
                               (F ? F->getName() : StringRef("<indirect>")) +
                               "', which may keep or share it");
        }
        continue;
      }
      if (I.isTerminator() && !isa<ReturnInst>(I))
        return refuse(I, "branches on a tangent");
    }
    for (auto [Call, CalleeKey] : WideCalls)
      if (returnsTangentPair(*CalleeKey) &&
          any_of(Call->users(),
                 [](const User *U) { return !isa<ExtractValueInst>(U); }))
        return refuse(*Call, "uses a tangent call's {result, tangent} whole");
    return Error::success();
  }

  // --- Cloning ---------------------------------------------------------------

  void mapArguments() {
    auto WideArg = Wide.arg_begin();
    for (auto [Arg, IsLane] : zip(Narrow.args(), laneParameters(Key))) {
      if (!IsLane) {
        WideArg->setName(Arg.getName());
        for (unsigned Lane = 0; Lane < Width; ++Lane)
          Maps[Lane][&Arg] = &*WideArg;
        ++WideArg;
        continue;
      }
      for (unsigned Lane = 0; Lane < Width; ++Lane, ++WideArg) {
        WideArg->setName(Arg.getName() + "." + Twine(Lane));
        Maps[Lane][&Arg] = &*WideArg;
      }
    }
  }

  Value *laneValue(unsigned Lane, Value *V) {
    if (isa<Constant>(V))
      return MapValue(V, Maps[Lane], RF_IgnoreMissingLocals);
    return Maps[Lane].lookup(V);
  }

  void mapShadowGlobals() {
    for (Instruction &I : instructions(Narrow))
      for (Use &Op : I.operands())
        if (auto *C = dyn_cast<Constant>(Op.get());
            C && refersToGlobalShadow(C))
          collectShadowGlobals(C);
    for (GlobalVariable *G : ShadowGlobals)
      for (unsigned Lane = 1; Lane < Width; ++Lane)
        Maps[Lane][G] = E.laneShadow(G, Lane);
  }

  void collectShadowGlobals(Constant *C) {
    if (auto *G = dyn_cast<GlobalVariable>(C)) {
      if (E.isGlobalShadow(G))
        ShadowGlobals.insert(G);
      return;
    }
    if (isa<GlobalValue>(C))
      return;
    for (Use &Op : C->operands())
      collectShadowGlobals(cast<Constant>(Op.get()));
  }

  Instruction *cloneInto(Instruction &I, BasicBlock *BB, unsigned Lane,
                         bool Remap) {
    Instruction *NI = I.clone();
    if (I.hasName())
      NI->setName(I.getName() + (isLane(&I) ? ".lane" + Twine(Lane) : Twine()));
    NI->insertInto(BB, BB->end());
    if (Remap)
      RemapInstruction(NI, Maps[Lane], RF_IgnoreMissingLocals);
    return NI;
  }

  void cloneBlocks() {
    mapShadowGlobals();
    LLVMContext &Ctx = Wide.getContext();
    for (BasicBlock &BB : Narrow) {
      BasicBlock *NewBB = BasicBlock::Create(Ctx, BB.getName(), &Wide);
      for (unsigned Lane = 0; Lane < Width; ++Lane)
        Maps[Lane][&BB] = NewBB;
    }
    // In reverse post-order every operand but a phi's incoming value is
    // cloned before its user.
    ReversePostOrderTraversal<Function *> Order(&Narrow);
    for (BasicBlock *BB : Order)
      cloneBlock(*BB, cast<BasicBlock>(Maps[0][BB]));
    for (auto [Phi, Lane] : Phis)
      RemapInstruction(Phi, Maps[Lane], RF_IgnoreMissingLocals);
  }

  // A block's lane code is emitted lane after lane (all of lane 0's
  // instructions, then lane 1's, ...) between the points that need every
  // lane or that write primal memory: each lane's values then die before
  // the next lane's are made, which keeps N lanes of a loop body from
  // spilling registers, and the SLP vectorizer still finds the isomorphic
  // lanes. Lane code touches only lane memory and primal code never reads
  // it, so it may move past primal code that does not write memory.
  void cloneBlock(BasicBlock &BB, BasicBlock *NewBB) {
    SmallVector<Instruction *> Deferred;
    auto Flush = [&] {
      for (unsigned Lane = 0; Lane < Width; ++Lane)
        for (Instruction *I : Deferred)
          if (Value *V = cloneLane(*I, NewBB, Lane))
            Maps[Lane][I] = V;
      Deferred.clear();
    };
    for (Instruction &I : BB) {
      if (auto *Ret = dyn_cast<ReturnInst>(&I);
          Ret && Wide.getReturnType() != Narrow.getReturnType()) {
        Flush();
        returnLanes(*Ret, NewBB);
        continue;
      }
      if (auto *CB = dyn_cast<CallBase>(&I); CB && WideCalls.count(CB)) {
        Flush();
        callWide(*CB, NewBB);
        continue;
      }
      if (auto *EV = dyn_cast<ExtractValueInst>(&I);
          EV && isLane(EV) &&
          WideCalls.count(dyn_cast<CallBase>(EV->getAggregateOperand()))) {
        laneOfWideCall(*EV, NewBB);
        continue;
      }
      if (auto *Phi = dyn_cast<PHINode>(&I)) {
        for (unsigned Lane = 0; Lane < (isLane(Phi) ? Width : 1); ++Lane) {
          Instruction *NI = cloneInto(I, NewBB, Lane, /*Remap=*/false);
          Phis.push_back({NI, Lane});
          mapClone(I, Lane, NI);
        }
        continue;
      }
      if (Interleaved->isTransfer(I)) {
        Flush();
        Interleaved->widenTransfer(
            *cast<MemIntrinsic>(cloneInto(I, NewBB, 0, /*Remap=*/true)));
        continue;
      }
      if (isLane(&I)) {
        Deferred.push_back(&I);
        continue;
      }
      if (I.mayWriteToMemory() || I.mayHaveSideEffects() || I.isTerminator())
        Flush();
      mapClone(I, 0, cloneInto(I, NewBB, 0, /*Remap=*/true));
    }
    Flush();
  }

  // Lane Lane's value of the lane instruction I (null: none, as for the
  // free of an interleaved block by lanes 0..N-2).
  Value *cloneLane(Instruction &I, BasicBlock *BB, unsigned Lane) {
    Instruction *NI = cloneInto(I, BB, Lane, /*Remap=*/true);
    if (!Interleaved->affects(I))
      return NI;
    return Interleaved->adjust(I, NI, Lane, Maps[0].lookup(&I));
  }

  // A primal clone serves every lane; a lane clone its own.
  void mapClone(Instruction &I, unsigned Lane, Instruction *Clone) {
    if (isLane(&I)) {
      Maps[Lane][&I] = Clone;
      return;
    }
    for (unsigned Other = 0; Other < Width; ++Other)
      Maps[Other][&I] = Clone;
  }

  // One call of the callee's width-N tangent function for all lanes.
  void callWide(CallBase &Call, BasicBlock *BB) {
    const GradientKey &CalleeKey = *WideCalls.lookup(&Call);
    Function *Callee = E.wideTangentDeclaration(CalleeKey, Width);
    IRBuilder<> B(BB);
    SmallVector<Value *> Args;
    for (auto [Arg, IsLane] : zip(Call.args(), laneParameters(CalleeKey)))
      for (unsigned Lane = 0; Lane < (IsLane ? Width : 1); ++Lane)
        Args.push_back(laneValue(Lane, Arg.get()));
    CallInst *NewCall = B.CreateCall(Callee, Args);
    NewCall->setName(Call.getName());
    for (unsigned Lane = 0; Lane < Width; ++Lane)
      Maps[Lane][&Call] = NewCall;
  }

  // extractvalue {result, tangent}, 1, ... of a tangent call: lane L reads
  // element L of the wide call's tangents.
  void laneOfWideCall(ExtractValueInst &EV, BasicBlock *BB) {
    IRBuilder<> B(BB);
    SmallVector<unsigned> Indices(EV.getIndices());
    Indices.insert(Indices.begin() + 1, 0);
    for (unsigned Lane = 0; Lane < Width; ++Lane) {
      Indices[1] = Lane;
      Maps[Lane][&EV] =
          B.CreateExtractValue(laneValue(Lane, EV.getAggregateOperand()),
                               Indices, EV.getName() + ".lane" + Twine(Lane));
    }
  }

  // ret {result, tangent} of each lane -> ret {result, [N x tangent]}.
  void returnLanes(ReturnInst &Ret, BasicBlock *BB) {
    IRBuilder<> B(BB);
    Value *Pair = Ret.getReturnValue();
    Value *Result = PoisonValue::get(Wide.getReturnType());
    Result = B.CreateInsertValue(
        Result, B.CreateExtractValue(laneValue(0, Pair), 0), 0);
    for (unsigned Lane = 0; Lane < Width; ++Lane)
      Result = B.CreateInsertValue(
          Result, B.CreateExtractValue(laneValue(Lane, Pair), 1), {1, Lane});
    B.CreateRet(Result);
  }

  GradientEngine &E;
  Function &Narrow;
  Function &Wide;
  const GradientKey &Key;
  unsigned Width;
  std::deque<ValueToValueMapTy> Maps; // per lane (a ValueMap cannot move)
  DenseSet<const Value *> LaneValues;
  SmallVector<Value *> Work;
  DenseMap<const CallBase *, const GradientKey *> WideCalls;
  DenseMap<const Constant *, bool> ConstantRefersToShadow;
  SetVector<GlobalVariable *> ShadowGlobals;
  SmallVector<std::pair<Instruction *, unsigned>> Phis;
  std::optional<InterleavedLanes> Interleaved;
};

} // namespace

FunctionType *GradientEngine::vectorTangentType(const GradientKey &Key,
                                                unsigned Width) const {
  FunctionType *Narrow = tangentType(Key);
  SmallVector<Type *> Params;
  for (auto [T, IsLane] : zip(Narrow->params(), laneParameters(Key)))
    Params.append(IsLane ? Width : 1, T);
  Type *Ret = Narrow->getReturnType();
  if (returnsTangentPair(Key)) {
    Type *Result = Key.Fn->getReturnType();
    Ret = StructType::get(M.getContext(),
                          {Result, ArrayType::get(Result, Width)});
  }
  return FunctionType::get(Ret, Params, false);
}

const GradientKey *GradientEngine::tangentKeyOf(const Function *F) const {
  if (!F)
    return nullptr;
  for (const auto &[Key, T] : Tangents)
    if (T == F)
      return &Key;
  return nullptr;
}

Function *GradientEngine::wideTangentDeclaration(const GradientKey &Key,
                                                 unsigned Width) {
  Function *&Wide = WideTangents[{Key, Width}];
  if (!Wide) {
    Wide = Function::Create(
        vectorTangentType(Key, Width), GlobalValue::InternalLinkage,
        "__qgrad_fwd" + Twine(Width) + "_" + Key.Fn->getName(), M);
    Wide->addFnAttr(Attribute::NoUnwind);
    WidenQueue.push_back({Key, Width});
  }
  return Wide;
}

Expected<Function *>
GradientEngine::vectorTangentFunction(const GradientKey &Key, unsigned Width) {
  tangentFunction(Key, /*TopLevel=*/true);
  // The width-one bodies of every callee must exist before they are
  // replicated.
  drainPending();
  Function *Wide = wideTangentDeclaration(Key, Width);
  Error Failures = Error::success();
  while (!WidenQueue.empty()) {
    auto [NarrowKey, NarrowWidth] = WidenQueue.front();
    WidenQueue.pop_front();
    Function *Target = WideTangents[{NarrowKey, NarrowWidth}];
    Function *Narrow = Tangents[NarrowKey];
    // A narrow function that failed is still valid IR (its errors are
    // already reported), so replication runs on it all the same.
    Error Err =
        Narrow->isDeclaration()
            ? Error::success()
            : LaneReplicator(*this, *Narrow, *Target, NarrowKey, NarrowWidth)
                  .run();
    if (Err || Target->empty()) {
      Target->deleteBody();
      new UnreachableInst(M.getContext(),
                          BasicBlock::Create(M.getContext(), "entry", Target));
    }
    Failures = joinErrors(std::move(Failures), std::move(Err));
  }
  if (Failures)
    return std::move(Failures);
  return Wide;
}

bool GradientEngine::isGlobalShadow(const GlobalVariable *G) const {
  return any_of(GlobalShadows,
                [&](const auto &Entry) { return Entry.second == G; });
}

GlobalVariable *GradientEngine::laneShadow(GlobalVariable *Shadow,
                                           unsigned Lane) {
  GlobalVariable *&Copy = LaneShadows[{Shadow, Lane}];
  if (!Copy) {
    Copy = new GlobalVariable(M, Shadow->getValueType(), /*isConstant=*/false,
                              GlobalValue::InternalLinkage,
                              Constant::getNullValue(Shadow->getValueType()),
                              Shadow->getName() + ".lane" + Twine(Lane),
                              nullptr, Shadow->getThreadLocalMode());
    Copy->setAlignment(Shadow->getAlign());
  }
  return Copy;
}

} // namespace qgrad::ad
