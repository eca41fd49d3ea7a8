//===- Preprocess.cpp - Normalizing a function before AD ------------------===//

#include "qgrad/AD/Preprocess.h"

#include "qgrad/AD/TypeAnalysis.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Scalar/InstSimplifyPass.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/CallPromotionUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"

using namespace llvm;

namespace qgrad::ad {
namespace {

void promoteStackSlots(Function &F) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  FunctionPassManager FPM;
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  // Unoptimised code (e.g. MLIR's lowering, or -O0) moves pointers through
  // aggregates: extractvalue (insertvalue ...) pairs would hide which
  // pointer a value is, and with it its shadow. Folding them makes the
  // pointer itself visible, without adding instructions.
  FPM.addPass(InstSimplifyPass());
  // Preheaders, single latches and dedicated exits let loops count their
  // iterations instead of recording their path (LoopCounters.cpp).
  FPM.addPass(LoopSimplifyPass());
  FPM.run(F, FAM);
}

// Every pointer in a constant initializer, when each is a function (or
// null): the functions a pointer loaded from it can be. Other fields (a
// name, a count) do not matter; any other pointer makes the set unknown.
bool collectFunctions(const Constant *C, SetVector<Function *> &Functions) {
  if (auto *F = dyn_cast<Function>(C)) {
    Functions.insert(const_cast<Function *>(F));
    return true;
  }
  Type *T = C->getType();
  if (T->isPointerTy())
    return isa<ConstantPointerNull>(C);
  if (isa<ConstantAggregateZero, UndefValue>(C) ||
      (!T->isAggregateType() && !T->isVectorTy()))
    return true;
  for (const Use &Element : C->operands())
    if (!collectFunctions(cast<Constant>(Element.get()), Functions))
      return false;
  return true;
}

// A call through a function pointer loaded from a constant table (a
// dispatch table; at -O0 the calls stay indirect) becomes a chain of direct
// calls, one per function in the table, which the engine can differentiate.
// A pointer loaded from the table is one of its functions, so the last one
// is called without a test.
void promoteTableCalls(Function &F) {
  SmallVector<std::pair<CallBase *, SetVector<Function *>>> Promotions;
  for (Instruction &I : instructions(F)) {
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB || CB->getCalledFunction() || CB->isInlineAsm())
      continue;
    auto *Load = dyn_cast<LoadInst>(CB->getCalledOperand());
    auto *Table = Load ? dyn_cast<GlobalVariable>(
                             getUnderlyingObject(Load->getPointerOperand()))
                       : nullptr;
    if (!Table || !Table->isConstant() || !Table->hasDefinitiveInitializer())
      continue;
    SetVector<Function *> Candidates;
    if (!collectFunctions(Table->getInitializer(), Candidates) ||
        Candidates.empty() || !all_of(Candidates, [&](Function *Callee) {
          return isLegalToPromote(*CB, Callee);
        }))
      continue;
    Promotions.push_back({CB, std::move(Candidates)});
  }
  for (auto &[CB, Candidates] : Promotions) {
    for (Function *Callee : Candidates.getArrayRef().drop_back())
      promoteCallWithIfThenElse(*CB, Callee);
    promoteCall(*CB, Candidates.back());
  }
}

// Merges every return into one block, so the reverse sweep has one start.
void unifyReturns(Function &F) {
  SmallVector<ReturnInst *> Returns;
  for (BasicBlock &BB : F)
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator()))
      Returns.push_back(Ret);
  if (Returns.size() < 2)
    return;
  LLVMContext &Ctx = F.getContext();
  BasicBlock *Exit = BasicBlock::Create(Ctx, "unified.return", &F);
  PHINode *Value = nullptr;
  if (!F.getReturnType()->isVoidTy())
    Value = PHINode::Create(F.getReturnType(), Returns.size(), "retval", Exit);
  ReturnInst::Create(Ctx, Value, Exit);
  for (ReturnInst *Ret : Returns) {
    if (Value)
      Value->addIncoming(Ret->getReturnValue(), Ret->getParent());
    BranchInst::Create(Exit, Ret->getIterator());
    Ret->eraseFromParent();
  }
}

// Lifetime markers end a stack slot's life in the forward sweep, but the
// reverse sweep reads primal slots again (reloads of kept allocations) and
// their shadows; after an `llvm.lifetime.end` such reads are undefined and
// the optimiser may fold them to anything. The private copy drops them.
void dropLifetimeMarkers(Function &F) {
  SmallVector<Instruction *> Markers;
  for (Instruction &I : instructions(F))
    if (auto *II = dyn_cast<IntrinsicInst>(&I);
        II && II->isLifetimeStartOrEnd())
      Markers.push_back(II);
  for (Instruction *Marker : Markers)
    Marker->eraseFromParent();
}

} // namespace

Function *preparePrimal(Function &F, ArrayRef<Type *> Hints) {
  ValueToValueMapTy VMap;
  Function *P = CloneFunction(&F, VMap);
  P->setName(F.getName() + ".qgrad.primal");
  P->setLinkage(GlobalValue::InternalLinkage);
  P->removeFnAttr(Attribute::OptimizeNone);
  P->removeFnAttr(Attribute::NoInline);
  removeUnreachableBlocks(*P);
  dropLifetimeMarkers(*P);
  promoteTableCalls(*P);
  promoteStackSlots(*P);
  retypeIntegerAccesses(*P, Hints);
  unifyReturns(*P);
  return P;
}

} // namespace qgrad::ad
