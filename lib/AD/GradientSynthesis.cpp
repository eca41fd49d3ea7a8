//===- GradientSynthesis.cpp - The store-all reverse sweep ----------------===//
//
// Builds the combined gradient of one (preprocessed) function: a clone of its
// body (the forward sweep) instrumented by forward rules, then one reverse
// block per primal block. Values that reverse rules read live in cache slots;
// a slot of a value defined inside a cycle saves its previous content on the
// tape at each definition and gets it back at the reverse of that definition.
//
//===----------------------------------------------------------------------===//

#include "qgrad/AD/GradientSynthesis.h"

#include "qgrad/AD/Rules.h"
#include "qgrad/AD/ValueUtils.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

namespace qgrad::ad {

Differentiator::Differentiator(GradientEngine &E, Function &Primal,
                               const GradientKey &Key, Function *Original)
    : E(E), P(Primal), Key(Key), Original(Original), Fwd(Primal.getContext()),
      Rev(Primal.getContext()) {}

Differentiator::~Differentiator() = default;

const DataLayout &Differentiator::layout() const {
  return P.getParent()->getDataLayout();
}

// Constants carry no derivative, except the address of an active global
// (or a constant address inside one), whose shadow is its shadow global.
bool Differentiator::isVaried(const Value *V) const {
  return (!isa<Constant>(V) || V->getType()->isPointerTy()) &&
         Activity->isVaried(V);
}

bool Differentiator::hasShadow(const Value *V) const {
  return (!isa<Constant>(V) || V->getType()->isPointerTy()) &&
         Activity->hasShadow(V);
}

bool Differentiator::inCycle(const BasicBlock *BB) const {
  return CycleBlocks.contains(BB);
}

BasicBlock *Differentiator::reverseEntry() const {
  return ReverseBlocks.lookup(ExitBlock);
}

void inheritUnwinding(Function &Derived, const Function &Primal) {
  if (Primal.hasPersonalityFn())
    Derived.setPersonalityFn(Primal.getPersonalityFn());
  if (Primal.doesNotThrow())
    Derived.addFnAttr(Attribute::NoUnwind);
  else
    Derived.removeFnAttr(Attribute::NoUnwind);
}

Function *Differentiator::createFunction(StringRef Name) {
  Function *F = Function::Create(
      E.gradientType(Key), GlobalValue::InternalLinkage, Name, P.getParent());
  inheritUnwinding(*F, P);
  return F;
}

Function *Differentiator::run(StringRef Name, bool IsTopLevel) {
  TopLevel = IsTopLevel;
  Activity = std::make_unique<ActivityInfo>(P, Key.Args, Key.ReturnShadow,
                                            E.registry(), E.activeGlobals(),
                                            E.activeGlobalUsers());
  for (scc_iterator<Function *> It = scc_begin(&P); !It.isAtEnd(); ++It)
    if (It.hasCycle())
      for (BasicBlock *BB : *It)
        CycleBlocks.insert(BB);
  G = createFunction(Name);
  findCountedLoops();
  buildScalarEvolution();
  findUnchangedMemory();
  cloneBody();
  buildForward();
  buildReverse();
  closeForward();
  dropUnreadCaches();
  placeCacheStores();
  if (TopLevel) {
    IRBuilder<> B(Setup->getTerminator());
    E.zeroGlobalShadows(B);
  }
  keepLoopsScalar();
  return G;
}

// The forward sweep starts as a clone of the primal body without debug info
// or alias metadata (the shadows added next are not covered by them).
void Differentiator::cloneBody() {
  LLVMContext &Ctx = P.getContext();
  Setup = BasicBlock::Create(Ctx, "setup", G);
  auto GArg = G->arg_begin();
  for (auto [Arg, Act] : zip(P.args(), Key.Args)) {
    GArg->setName(Arg.getName());
    VMap[&Arg] = &*GArg++;
    if (isDuplicated(Act)) {
      GArg->setName(Arg.getName() + ".shadow");
      ForwardShadows[&Arg] = &*GArg++;
    } else if (TangentMode && Act == ArgActivity::Out) {
      GArg->setName(Arg.getName() + ".tangent");
      TangentValues[&Arg] = &*GArg++;
    }
  }
  SmallVector<Instruction *> Cloned;
  for (BasicBlock &BB : P) {
    BasicBlock *NewBB = BasicBlock::Create(Ctx, BB.getName() + ".fwd", G);
    VMap[&BB] = NewBB;
    for (Instruction &I : BB) {
      Instruction *NI = I.clone();
      NI->setName(I.getName());
      NI->insertInto(NewBB, NewBB->end());
      NI->setDebugLoc(DebugLoc());
      NI->dropUnknownNonDebugMetadata(
          {LLVMContext::MD_tbaa, LLVMContext::MD_range, LLVMContext::MD_nonnull,
           LLVMContext::MD_align});
      VMap[&I] = NI;
      Cloned.push_back(NI);
    }
  }
  for (Instruction *NI : Cloned)
    RemapInstruction(NI, VMap,
                     RF_NoModuleLevelChanges | RF_IgnoreMissingLocals);
  BranchInst::Create(cast<BasicBlock>(VMap[&P.getEntryBlock()]), Setup);
}

void Differentiator::recordPredecessors(BasicBlock &BB) {
  SmallVector<BasicBlock *, 2> &Preds = Predecessors[&BB];
  for (BasicBlock *Pred : predecessors(&BB))
    if (!is_contained(Preds, Pred))
      Preds.push_back(Pred);
  if (Preds.size() < 2 || CountedLoops.count(&BB))
    return;
  // Which predecessor the forward sweep came from, for the reverse sweep;
  // pushed with the block's group (placeCacheStores).
  // (Before a landing pad, which getFirstInsertionPt would skip: phis come
  // first.)
  auto *NewBB = cast<BasicBlock>(VMap[&BB]);
  IRBuilder<> B(NewBB, NewBB->getFirstNonPHIIt());
  PHINode *Index = B.CreatePHI(B.getInt32Ty(), Preds.size(), "qgrad.pred");
  for (auto [K, Pred] : enumerate(Preds))
    for (BasicBlock *Edge : predecessors(&BB))
      if (Edge == Pred)
        Index->addIncoming(B.getInt32(K), cast<BasicBlock>(VMap[Pred]));
  PredecessorIndex[&BB] = Index;
}

void Differentiator::buildForward() {
  for (BasicBlock &BB : P) {
    auto *NewBB = cast<BasicBlock>(VMap[&BB]);
    for (PHINode &Phi : BB.phis()) {
      if (!hasShadow(&Phi))
        continue;
      PHINode *S = PHINode::Create(Phi.getType(), Phi.getNumIncomingValues(),
                                   Phi.getName() + ".shadow");
      S->insertInto(NewBB, NewBB->getFirstNonPHIIt());
      ForwardShadows[&Phi] = S;
      Owner[S] = &Phi;
    }
    for (PHINode &Phi : BB.phis())
      Owner[cast<Instruction>(VMap[&Phi])] = &Phi;
    if (!TangentMode)
      continue;
    for (PHINode &Phi : BB.phis())
      if (isVaried(&Phi) && isDifferentiableType(Phi.getType())) {
        PHINode *T = PHINode::Create(Phi.getType(), Phi.getNumIncomingValues(),
                                     Phi.getName() + ".tangent");
        T->insertInto(NewBB, NewBB->getFirstNonPHIIt());
        TangentValues[&Phi] = T;
      }
  }
  // Forward mode keeps nothing for a reverse sweep.
  if (!TangentMode) {
    for (BasicBlock &BB : P)
      recordPredecessors(BB);
    emitForwardCounters();
  }
  ReversePostOrderTraversal<Function *> RPOT(&P);
  for (BasicBlock *BB : RPOT)
    for (Instruction &I : make_early_inc_range(*BB))
      if (!isa<PHINode>(I) && !I.isTerminator())
        forwardInstruction(I);
      else if (TangentMode)
        reportUnwindingCall(I); // (reverse mode reports in reverseBlock)
  fillShadowPhis();
  if (TangentMode)
    fillTangentPhis();
}

static InstructionRule ruleFor(Instruction &I, const Registry &Reg) {
  if (auto *CB = dyn_cast<CallBase>(&I))
    return callRule(classifyCall(*CB, Reg).Kind);
  for (auto Lookup : {arithmeticRule, castRule, memoryRule, aggregateRule})
    if (std::optional<InstructionRule> R = Lookup(I.getOpcode()))
      return *R;
  return {};
}

void Differentiator::forwardInstruction(Instruction &I) {
  auto *Clone = cast<Instruction>(VMap[&I]);
  Instruction *Prev = Clone->getPrevNode();
  Instruction *Next = Clone->getNextNode();
  BasicBlock *NewBB = Clone->getParent();
  Fwd.SetInsertPoint(Next);
  CurrentPrimal = &I;
  // A longjmp back to a setjmp (vfork, getcontext) in the function resumes
  // the forward sweep along an edge the CFG does not have: the path the
  // reverse sweep replays, the tape cursor and the values kept in registers
  // no longer describe what ran, and the gradient came out silently wrong,
  // in either mode, whether or not the setjmp itself saw active data.
  if (auto *CB = dyn_cast<CallBase>(&I);
      CB && CB->hasFnAttr(Attribute::ReturnsTwice)) {
    Function *Callee = CB->getCalledFunction();
    report(I,
           "'" + (Callee ? Callee->getName() : StringRef("<indirect>")) +
               "' returns twice (setjmp): a longjmp back into the "
               "differentiated function would bypass the record of the path "
               "its gradient replays",
           "call setjmp outside the differentiated function, or report "
           "errors through return values");
  }
  InstructionRule Rule = ruleFor(I, E.registry());
  // A call's tangent rule replaces its forward rule (a defined callee is
  // called through its tangent function, not its augmented forward).
  if (Rule.Forward && !(TangentMode && isa<CallBase>(I)))
    Rule.Forward(*this, I);
  if (TangentMode) {
    if (Rule.Tangent)
      Rule.Tangent(*this, I);
    else if (isVaried(&I) && isDifferentiableType(I.getType()))
      report(I, "forward mode cannot differentiate this instruction yet",
             "use __enzyme_autodiff (reverse mode) for this function");
  }
  Instruction *First = Prev ? Prev->getNextNode() : &NewBB->front();
  if (First == Next)
    return;
  Regions[&I] = {First, Next->getPrevNode()};
  for (Instruction *It = First; It != Next; It = It->getNextNode())
    Owner[It] = &I;
}

void Differentiator::fillShadowPhis() {
  for (BasicBlock &BB : P)
    for (PHINode &Phi : BB.phis()) {
      auto It = ForwardShadows.find(&Phi);
      if (It == ForwardShadows.end())
        continue;
      auto *S = cast<PHINode>(It->second);
      CurrentPrimal = &Phi;
      for (auto [In, Pred] : zip(Phi.incoming_values(), Phi.blocks()))
        S->addIncoming(forwardShadow(In), cast<BasicBlock>(VMap[Pred]));
    }
}

Value *Differentiator::forwardValue(Value *V) {
  if (isa<Constant>(V) || isa<MetadataAsValue>(V) || isa<InlineAsm>(V))
    return V;
  Value *Mapped = VMap.lookup(V);
  assert(Mapped && "primal value without a forward clone");
  return Mapped;
}

// How a value appears in a diagnostic: its name, or its printout when it
// has none (unnamed instructions and constants).
static std::string describeValue(const Value *V) {
  std::string Text;
  raw_string_ostream OS(Text);
  V->printAsOperand(OS, /*PrintType=*/false);
  return Text;
}

Value *Differentiator::forwardShadow(Value *V) {
  if (Value *S = ForwardShadows.lookup(V))
    return S;
  if (isa<ConstantPointerNull, ConstantAggregateZero>(V))
    return V;
  if (isa<UndefValue>(V))
    return PoisonValue::get(V->getType());
  // A constant pointer that addresses no object (MLIR's 0xdeadbeef
  // `allocated` field of a global memref) is never dereferenced: null.
  if (auto *CE = dyn_cast<ConstantExpr>(V);
      CE && CE->getOpcode() == Instruction::IntToPtr)
    return ConstantPointerNull::get(cast<PointerType>(V->getType()));
  // An active global's address, or a constant address inside it: the same
  // address in its shadow global.
  if (auto *C = dyn_cast<Constant>(V); C && V->getType()->isPointerTy()) {
    if (auto *Global = dyn_cast<GlobalVariable>(getUnderlyingObject(C));
        Global && E.activeGlobals().count(Global)) {
      ValueToValueMapTy ToShadow;
      ToShadow[Global] = E.globalShadow(Global);
      return MapValue(C, ToShadow);
    }
  }
  // A constant aggregate: each pointer field gets its shadow, the other
  // fields (sizes, strides) stay as they are.
  auto *C = dyn_cast<Constant>(V);
  if (C && V->getType()->isAggregateType()) {
    auto *ST = dyn_cast<StructType>(C->getType());
    unsigned N = ST ? ST->getNumElements()
                    : cast<ArrayType>(C->getType())->getNumElements();
    SmallVector<Constant *> Fields;
    for (unsigned K = 0; K != N; ++K) {
      Constant *Field = C->getAggregateElement(K);
      Fields.push_back(carriesPointers(Field->getType())
                           ? cast<Constant>(forwardShadow(Field))
                           : Field);
    }
    if (ST)
      return ConstantStruct::get(ST, Fields);
    return ConstantArray::get(cast<ArrayType>(C->getType()), Fields);
  }
  if (CurrentPrimal)
    report(*CurrentPrimal,
           "pointer " + describeValue(V) +
               " has no shadow but is used as active memory",
           "pass it with enzyme_dup and a shadow, or keep active data out "
           "of global and constant memory");
  return Constant::getNullValue(V->getType());
}

void Differentiator::setForwardShadow(Value *V, Value *Shadow) {
  ForwardShadows[V] = Shadow;
}

void Differentiator::eraseForward(Instruction &I) {
  cast<Instruction>(VMap[&I])->eraseFromParent();
  VMap.erase(&I);
}

void Differentiator::replaceForward(Instruction &I, Value *NewValue) {
  auto *Clone = cast<Instruction>(VMap[&I]);
  Clone->replaceAllUsesWith(NewValue);
  VMap[&I] = NewValue;
  Clone->eraseFromParent();
}

// ---------------------------------------------------------------------------
// Reverse sweep
// ---------------------------------------------------------------------------

Value *Differentiator::cached(Value *V) {
  if (!isa<Instruction>(V))
    return V;
  // The result of an invoke exists only on its normal edge, and a cache
  // store goes right after the definition, which a terminator does not have.
  if (isa<InvokeInst, CallBrInst>(V)) {
    report(CurrentPrimal ? *CurrentPrimal : P.getEntryBlock().front(),
           "the reverse sweep needs the result of a call that may unwind "
           "(invoke), which the engine cannot keep",
           "mark the callee noexcept, or compute the value outside the "
           "try block");
    return PoisonValue::get(V->getType());
  }
  auto [It, Inserted] = CacheSlots.try_emplace(V, nullptr);
  if (Inserted) {
    IRBuilder<> B(Setup, Setup->getFirstInsertionPt());
    It->second = B.CreateAlloca(V->getType(), nullptr, V->getName() + ".cache");
    SlotOrder.push_back(It->second);
  }
  if (!readsOwnExecution(cast<Instruction>(V)))
    ReadElsewhere.insert(V);
  return Rev.CreateLoad(V->getType(), It->second, V->getName());
}

Value *Differentiator::primal(Value *V) {
  if (auto *Phi = dyn_cast<PHINode>(V))
    if (Value *Induction = inductionValue(Phi))
      return Induction;
  if (auto *LI = dyn_cast<LoadInst>(V))
    if (Value *Again = reload(LI))
      return Again;
  if (Value *Evaluated = evaluatedPrimal(V))
    return Evaluated;
  if (Value *Recomputed = recomputedArithmetic(V, /*Shadow=*/false))
    return Recomputed;
  if (auto *I = dyn_cast<Instruction>(V); I && canRecompute(I))
    return recompute(I, /*Shadow=*/false);
  return cached(forwardValue(V));
}

Value *Differentiator::shadow(Value *V) {
  if (Value *Evaluated = evaluatedShadow(V))
    return Evaluated;
  if (Value *Recomputed = recomputedArithmetic(V, /*Shadow=*/true))
    return Recomputed;
  if (auto *I = dyn_cast<Instruction>(V);
      I && canRecompute(I) && isa<GetElementPtrInst, CastInst>(I) &&
      !isa<IntToPtrInst>(I)) // its shadow is not the cast of an operand's
    return recompute(I, /*Shadow=*/true);
  return cached(forwardShadow(V));
}

// Cheap integer and address arithmetic is recomputed in the reverse sweep
// instead of cached, when it is used later in its own block: no operand can
// have been redefined in between, so the operands' cached values are the
// ones it was computed from.
bool Differentiator::canRecompute(const Instruction *I) const {
  const Instruction *Use = CurrentPrimal;
  if (!Use || Use == I || isa<PHINode>(Use) ||
      I->getParent() != Use->getParent() || !I->comesBefore(Use))
    return false;
  if (isa<GetElementPtrInst, ICmpInst>(I))
    return true;
  if (auto *Cast = dyn_cast<CastInst>(I))
    return !Cast->getType()->isFPOrFPVectorTy() &&
           !Cast->getSrcTy()->isFPOrFPVectorTy();
  if (auto *BO = dyn_cast<BinaryOperator>(I))
    return BO->getType()->isIntOrIntVectorTy() &&
           BO->getOpcode() != Instruction::UDiv &&
           BO->getOpcode() != Instruction::SDiv &&
           BO->getOpcode() != Instruction::URem &&
           BO->getOpcode() != Instruction::SRem;
  return false;
}

Value *Differentiator::recompute(Instruction *I, bool Shadow) {
  Instruction *Copy = I->clone();
  for (Use &Op : Copy->operands()) {
    Value *V = Op.get();
    bool ShadowOperand = Shadow && V->getType()->isPointerTy() &&
                         (isa<CastInst>(I) ||
                          V == cast<GetElementPtrInst>(I)->getPointerOperand());
    // A constant base address is an active global's (or null): its shadow
    // is the shadow global's. Kept as it was, the recomputed shadow address
    // pointed into the primal global, and the reverse sweep read and
    // cleared adjoints there (a global scratch array indexed in a loop
    // gave wrong gradients at -O0 and -O1).
    if (isa<Constant>(V)) {
      if (ShadowOperand)
        Op.set(forwardShadow(V));
      continue;
    }
    Op.set(ShadowOperand ? shadow(V) : primal(V));
  }
  Rev.Insert(Copy, I->getName() + (Shadow ? ".shadow.re" : ".re"));
  return Copy;
}

AllocaInst *Differentiator::adjointSlot(Value *V) {
  AllocaInst *&Slot = AdjointSlots[V];
  if (!Slot) {
    IRBuilder<> B(Setup, Setup->getFirstInsertionPt());
    Slot = B.CreateAlloca(V->getType(), nullptr, V->getName() + ".adj");
    B.SetInsertPoint(Setup->getTerminator());
    B.CreateStore(emptyAdjoint(V->getType()), Slot);
  }
  return Slot;
}

Value *Differentiator::takeAdjoint(Value *V) {
  AllocaInst *Slot = adjointSlot(V);
  Value *Adj = Rev.CreateLoad(V->getType(), Slot, V->getName() + ".d");
  Rev.CreateStore(emptyAdjoint(V->getType()), Slot);
  return Adj;
}

void Differentiator::addAdjoint(Value *V, Value *Delta) {
  if (isa<Constant>(V) || !isDifferentiableType(V->getType()) || !isVaried(V))
    return;
  AllocaInst *Slot = adjointSlot(V);
  Value *Old = Rev.CreateLoad(V->getType(), Slot);
  Rev.CreateStore(addValues(Rev, Old, Delta), Slot);
}

void Differentiator::report(const Instruction &I, const Twine &What,
                            const Twine &Hint) {
  E.diagnostics().add(makeError(Original ? Original : &P, &I, What, Hint));
}

void Differentiator::buildReverse() {
  LLVMContext &Ctx = P.getContext();
  for (BasicBlock &BB : P) {
    ReverseBlocks[&BB] = BasicBlock::Create(Ctx, BB.getName() + ".rev", G);
    if (isa<ReturnInst>(BB.getTerminator())) {
      if (ExitBlock)
        report(*BB.getTerminator(), "internal error: several return blocks");
      ExitBlock = &BB;
    }
  }
  for (BasicBlock &BB : P)
    reverseBlock(BB);
}

void Differentiator::reverseBlock(BasicBlock &BB) {
  Rev.SetInsertPoint(ReverseBlocks[&BB]);
  if (inCycle(&BB))
    GroupLoadPoint[&BB] = Rev.CreateCall(
        Intrinsic::getOrInsertDeclaration(P.getParent(), Intrinsic::donothing));
  for (Instruction &I : llvm::reverse(BB)) {
    if (isa<PHINode>(I))
      break;
    if (auto *Ret = dyn_cast<ReturnInst>(&I)) {
      Value *RV = Ret->getReturnValue();
      if (Key.ReturnActive && RV)
        addAdjoint(RV, G->getArg(G->arg_size() - 1));
      continue;
    }
    if (I.isTerminator()) {
      // Branches carry no derivative; a call that is a terminator (invoke,
      // callbr) has no rule.
      reportUnwindingCall(I);
      continue;
    }
    reverseInstruction(I);
  }
  CurrentPrimal = nullptr;
  if (&BB == &P.getEntryBlock())
    returnGradients();
  else
    reverseEdges(BB);
}

// An invoke that sees active data would need its callee's augmented forward
// to leave the tape balanced when it unwinds half-way; that is not built.
// An invoke without active data runs as it is, and its unwind edge is an
// edge like any other.
void Differentiator::reportUnwindingCall(Instruction &I) {
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return;
  CallKind K = classifyCall(*CB, E.registry()).Kind;
  if (K == CallKind::Inactive || K == CallKind::Ignored)
    return;
  bool Active = any_of(I.operands(), [&](Value *V) {
    return !isa<Constant>(V) && isVaried(V);
  });
  if (Active || isVaried(CB))
    report(I,
           "a call that may unwind (invoke) with active arguments "
           "cannot be differentiated",
           "mark the callee noexcept or compile with -fno-exceptions");
}

// Whether the integer V (derived from a pointer or a float) flows into a
// pointer again (other than one made from V alone), into memory, or into a
// call, where the engine would lose track of what it carries.
static bool integerEscapes(const Value *V) {
  return !walkIntegerUsers(V, [V](const User *U) {
    // A pointer made again from this integer alone gets the shadow at the
    // same distance (forwardIntToPtr).
    if (isa<IntToPtrInst>(U) && pointerOrigin(U->getOperand(0)) == V)
      return IntegerUse::Accept;
    if (isa<IntToPtrInst, StoreInst, CallBase, ReturnInst>(U) ||
        (isa<BitCastInst>(U) && !U->getType()->isIntOrIntVectorTy()))
      return IntegerUse::Reject;
    if (isa<BinaryOperator, CastInst, PHINode, SelectInst, FreezeInst>(U))
      return IntegerUse::Follow;
    return IntegerUse::Accept;
  });
}

// Returns true when I was reported: double-double arithmetic on active
// values (no derivative type), and active pointers laundered through
// integers.
bool Differentiator::reportUnsupported(Instruction &I) {
  auto VariedOperand = any_of(I.operands(), [&](Value *V) {
    return !isa<Constant>(V) && (isVaried(V) || hasShadow(V));
  });
  Type *Scalar = I.getType()->getScalarType();
  if (Scalar->isPPC_FP128Ty() && VariedOperand) {
    report(I,
           "double-double (ppc_fp128) values carry active data, and the "
           "engine has no derivative type for them",
           "compute in double or long double");
    return true;
  }
  if (isa<PtrToIntInst>(I) && VariedOperand && integerEscapes(&I)) {
    report(I,
           "a pointer to active memory is converted to an integer that "
           "becomes a pointer again or leaves the function; its shadow "
           "would be lost",
           "index with pointer arithmetic (GEP) instead of integer casts");
    return true;
  }
  return false;
}

void Differentiator::reverseInstruction(Instruction &I) {
  CurrentPrimal = &I;
  if (reportUnsupported(I))
    return;
  InstructionRule Rule = ruleFor(I, E.registry());
  Value *Adj = nullptr;
  if (isDifferentiableType(I.getType()) && (Rule.Reverse || Rule.Forward)) {
    // A floating-point result that does not vary has no adjoint to pass on.
    if (!isVaried(&I) && !isa<CallBase>(I))
      return;
    if (isVaried(&I))
      Adj = takeAdjoint(&I);
  }
  if (Rule.Reverse) {
    Rule.Reverse(*this, I, Adj);
    return;
  }
  if (Rule.Forward)
    return;
  bool ActiveOperand = any_of(I.operands(), [&](Value *V) {
    return isVaried(V) && isDifferentiableType(V->getType());
  });
  if (isVaried(&I) || (ActiveOperand && I.mayWriteToMemory()) ||
      (ActiveOperand && isa<BitCastInst>(I)))
    report(I, "the engine cannot differentiate this instruction",
           "rewrite it with floating-point arithmetic, or register a custom "
           "gradient for the function that contains it");
}

void Differentiator::reverseEdges(BasicBlock &BB) {
  SmallVector<BasicBlock *, 2> &Preds = Predecessors[&BB];
  if (Preds.empty()) {
    Rev.CreateUnreachable();
    return;
  }
  SmallVector<PHINode *> Phis;
  for (PHINode &Phi : BB.phis())
    if (isDifferentiableType(Phi.getType()) && isVaried(&Phi))
      Phis.push_back(&Phi);
  // The block's tape group comes back here (placeCacheStores): the values
  // its cached slots held before the forward sweep entered it, and which
  // predecessor it came from. No reverse code below this point reads them.
  Function *Nop =
      Intrinsic::getOrInsertDeclaration(P.getParent(), Intrinsic::donothing);
  GroupPopPoint[&BB] = Rev.CreateCall(Nop);
  if (auto Exit = ExitCounters.find(&BB); Exit != ExitCounters.end())
    erase_if(Exit->second,
             [&](BasicBlock *Header) { return evaluateExitCount(Header, BB); });
  auto EmitEdge = [&](BasicBlock *Pred) {
    SmallVector<Value *> Adjs;
    for (PHINode *Phi : Phis)
      Adjs.push_back(takeAdjoint(Phi));
    for (auto [Phi, Adj] : zip(Phis, Adjs))
      addAdjoint(Phi->getIncomingValueForBlock(Pred), Adj);
    Rev.CreateBr(ReverseBlocks[Pred]);
  };
  if (Preds.size() == 1) {
    EmitEdge(Preds.front());
    return;
  }
  SmallVector<BasicBlock *, 2> Edges;
  for (BasicBlock *Pred : Preds)
    Edges.push_back(BasicBlock::Create(
        P.getContext(), BB.getName() + ".from." + Pred->getName(), G));
  if (CountedLoops.count(&BB)) {
    reverseCountedHeader(BB, Edges);
  } else {
    // Outside cycles the block runs at most once per call: its predecessor
    // index is a cached value like any other, in a slot instead of the tape.
    // Inside them, a branch condition may tell it (predecessorFromBranch).
    Value *Condition = nullptr;
    if (!inCycle(&BB))
      Condition = cached(PredecessorIndex[&BB]);
    else
      Condition = predecessorFromBranch(BB, Preds);
    if (Condition)
      PredecessorIndex.erase(&BB);
    SwitchInst *Switch = Rev.CreateSwitch(
        Condition ? Condition : PoisonValue::get(Rev.getInt32Ty()),
        Edges.back(), Preds.size());
    if (!Condition)
      EdgeSwitch[&BB] = Switch;
    for (auto [K, Edge] : enumerate(Edges))
      Switch->addCase(Rev.getInt32(K), Edge);
  }
  for (auto [K, Pred] : enumerate(Preds)) {
    Rev.SetInsertPoint(Edges[K]);
    EmitEdge(Pred);
  }
}

void Differentiator::returnGradients() {
  Type *ResultTy = G->getReturnType();
  if (ResultTy->isVoidTy()) {
    Rev.CreateRetVoid();
    return;
  }
  Value *Result = PoisonValue::get(ResultTy);
  unsigned Field = 0;
  for (auto [Arg, Act] : zip(P.args(), Key.Args)) {
    if (Act != ArgActivity::Out)
      continue;
    // +0.0 turns an empty adjoint (-0.0) into the zero callers expect.
    Value *Grad =
        addValues(Rev, Rev.CreateLoad(Arg.getType(), adjointSlot(&Arg)),
                  Constant::getNullValue(Arg.getType()));
    Result = Rev.CreateInsertValue(Result, Grad, Field++);
  }
  Rev.CreateRet(Result);
}

void Differentiator::closeForward() {
  if (!ExitBlock) {
    report(P.getEntryBlock().front(), "the function never returns, so it "
                                      "has no gradient");
    ExitBlock = &P.getEntryBlock();
  }
  auto *Ret = dyn_cast<ReturnInst>(VMap[ExitBlock->getTerminator()]);
  if (!Ret)
    return;
  if (Value *RV =
          cast<ReturnInst>(ExitBlock->getTerminator())->getReturnValue()) {
    ForwardReturn = forwardValue(RV);
    if (Key.ReturnShadow)
      ForwardReturnShadow = forwardShadow(RV);
  }
  ForwardExit =
      BranchInst::Create(ReverseBlocks[ExitBlock], Ret->getIterator());
  Ret->eraseFromParent();
}

static cl::opt<bool> VectorizeGradientLoops(
    "qgrad-ad-vectorize-loops", cl::Hidden,
    cl::desc("Let the loop vectorizer transform the loops of gradients"));

// The gradient's loops are left to the scalar optimizer. The reverse sweep
// accumulates adjoints into shadow memory with scalar read-modify-writes and
// reads them back in the next loop; the forward sweep rewrites small scratch
// arrays element by element. Vector loads of entries still in the store
// buffer cannot be forwarded from those scalar stores and wait for them.
// Measured with qgrad-bench-ad: GMM 2.2-2.3 x primal with vectorized
// gradient loops, 1.9 without (2.3 when only the reverse sweep's loops stay
// scalar); BA and LSTM unchanged.
void Differentiator::keepLoopsScalar() {
  if (VectorizeGradientLoops)
    return;
  DominatorTree GradientDT(*G);
  LoopInfo GradientLoops(GradientDT);
  for (Loop *L : GradientLoops.getLoopsInPreorder())
    addStringMetadataToLoop(L, "llvm.loop.vectorize.enable", 0);
}

} // namespace qgrad::ad
