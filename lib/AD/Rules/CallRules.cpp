//===- CallRules.cpp - Calls: math, heap, memory, custom and defined ------===//

#include "qgrad/AD/GradientSynthesis.h"
#include "qgrad/AD/MemoryUtils.h"
#include "qgrad/AD/Rules.h"
#include "qgrad/AD/TypeAnalysis.h"
#include "qgrad/AD/ValueUtils.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace qgrad::ad {
namespace {

struct NamedKind {
  StringRef Name;
  CallKind Kind;
  // Of allocators: the arguments that give the block's size and alignment
  // (none: -1).
  int SizeArgument = -1;
  int AlignArgument = -1;
};

// The C and C++ heap. operator new/delete use the Itanium mangling. calloc's
// size is the product of its two arguments.
constexpr NamedKind HeapFunctions[] = {
    {"malloc", CallKind::Allocation, 0},
    {"calloc", CallKind::Allocation, 0},
    {"aligned_alloc", CallKind::Allocation, 1, 0},
    {"memalign", CallKind::Allocation, 1, 0},
    {"posix_memalign", CallKind::OutAllocation, 2, 1},
    {"_Znwm", CallKind::Allocation, 0},
    {"_Znam", CallKind::Allocation, 0},
    {"realloc", CallKind::Reallocation},
    {"free", CallKind::Deallocation},
    {"_ZdlPv", CallKind::Deallocation},
    {"_ZdaPv", CallKind::Deallocation},
    {"_ZdlPvm", CallKind::Deallocation},
    {"_ZdaPvm", CallKind::Deallocation},
};

const NamedKind *heapFunction(const CallBase &CB) {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee || !Callee->isDeclaration())
    return nullptr;
  for (const NamedKind &H : HeapFunctions)
    if (Callee->getName() == H.Name)
      return &H;
  return nullptr;
}

bool touchesFloats(const CallBase &CB) {
  if (isDifferentiableType(CB.getType()))
    return true;
  return any_of(CB.args(), [](const Use &U) {
    return isDifferentiableType(U->getType());
  });
}

} // namespace

CallInfo classifyCall(const CallBase &CB, const Registry &Reg) {
  CallInfo Info;
  Function *Callee = CB.getCalledFunction();
  Info.Callee = Callee;
  if (!Callee) {
    // Indirect calls and inline assembly: nothing says what they compute.
    Info.Kind = CallKind::Unknown;
    return Info;
  }
  if (isa<MemTransferInst>(CB)) {
    Info.Kind = CallKind::MemTransfer;
    return Info;
  }
  if (isa<MemSetInst>(CB)) {
    Info.Kind = CallKind::MemSet;
    return Info;
  }
  if (Reg.customGradient(*Callee) || Reg.forwardDerivative(*Callee)) {
    Info.Kind = CallKind::Custom;
    return Info;
  }
  if (Reg.isInactive(*Callee)) {
    Info.Kind = CallKind::Inactive;
    return Info;
  }
  if (Reg.allocationLike(*Callee)) {
    Info.Kind = CallKind::Allocation;
    return Info;
  }
  StringRef Like = Reg.functionLike(*Callee);
  if (Like == "free") {
    Info.Kind = CallKind::Deallocation;
    return Info;
  }
  if (!Like.empty() && mathPartials(Like)) {
    Info.Kind = CallKind::Math;
    Info.MathName = mathPartials(Like) ? Like : StringRef();
    return Info;
  }
  if (std::optional<StringRef> Name =
          mathName(Callee->getName(), CB.getType())) {
    Info.Kind = CallKind::Math;
    Info.MathName = *Name;
    return Info;
  }
  if (const NamedKind *H = heapFunction(CB)) {
    Info.Kind = H->Kind;
    return Info;
  }
  if (Callee->isIntrinsic()) {
    // An intrinsic that writes no memory and whose result can carry no
    // derivative (llvm.is.fpclass, which isnan() becomes at -O0; lround)
    // only observes its floating-point arguments.
    bool Observes = !CB.mayWriteToMemory() &&
                    !isDifferentiableType(CB.getType()) &&
                    !carriesPointers(CB.getType());
    Info.Kind =
        touchesFloats(CB) && !Observes ? CallKind::Unknown : CallKind::Ignored;
    return Info;
  }
  // A weak definition (or another interposable one) may not be the one
  // that runs: the linker may pick another module's, so its body says
  // nothing certain about the call.
  Info.Kind = Callee->isDeclaration() || Callee->isInterposable()
                  ? CallKind::Unknown
                  : CallKind::Defined;
  return Info;
}

bool isLocalAllocation(const Value *Object, const Registry &Reg) {
  const auto *Call = dyn_cast<CallBase>(Object);
  return isa<AllocaInst>(Object) ||
         (Call && classifyCall(*Call, Reg).Kind == CallKind::Allocation);
}

namespace {

// The function through which a call that is passed no active data may
// still read or write an active global (ActivityInfo marks such calls too);
// only code the engine would otherwise run as it is: defined and unknown
// callees.
const Function *reachedGlobalUser(Differentiator &D, CallBase &CB) {
  CallKind K = classifyCall(CB, D.engine().registry()).Kind;
  if (K != CallKind::Defined && K != CallKind::Unknown)
    return nullptr;
  return globalUserReachedBy(CB, D.engine().activeGlobalUsers());
}

bool anyActive(Differentiator &D, CallBase &CB) {
  return D.isVaried(&CB) ||
         any_of(CB.args(), [&](Use &U) { return D.isVaried(U.get()); }) ||
         reachedGlobalUser(D, CB);
}

// Whether code outside the module can reach G: by its name, or by an
// address of it that goes anywhere but into this module's loads and stores.
bool isReachableOutside(const GlobalVariable &G) {
  if (!G.hasLocalLinkage())
    return true;
  SmallVector<const User *, 8> Work(G.users());
  SmallPtrSet<const User *, 8> Seen;
  while (!Work.empty()) {
    const User *U = Work.pop_back_val();
    if (!Seen.insert(U).second)
      continue;
    if (isa<LoadInst>(U))
      continue;
    if (auto *SI = dyn_cast<StoreInst>(U)) {
      if (SI->getValueOperand() != &G)
        continue; // stored into, not stored as a value
      return true;
    }
    if (isa<GEPOperator, BitCastOperator>(U)) {
      append_range(Work, U->users());
      continue;
    }
    return true;
  }
  return false;
}

// The first active global (in module order) that an unknown external call
// may read or write without being passed it: a pointer to the input kept in
// a global before `touch()`, which doubles it there, or a global scratch
// value. Such a call carries derivatives without an active argument; before,
// the engine skipped it and the gradient came out silently wrong.
const GlobalVariable *globalSeenByExternal(Differentiator &D, CallBase &CB) {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee || Callee->isIntrinsic() || CB.doesNotAccessMemory() ||
      CB.onlyAccessesArgMemory() || CB.onlyAccessesInaccessibleMemory() ||
      D.engine().activeGlobals().empty())
    return nullptr;
  for (const GlobalVariable &G : D.engine().module().globals())
    if (D.engine().activeGlobals().count(&G) && isReachableOutside(G))
      return &G;
  return nullptr;
}

// --- Math -------------------------------------------------------------------

// The partial derivatives of a math call, built at B from the operands as
// the reverse sweep (or, Forward, the forward code) reads them; null where
// an argument carries no derivative.
SmallVector<Value *, 3> callPartials(Differentiator &D, CallBase &CB,
                                     IRBuilderBase &B, bool Forward) {
  CallInfo Info = classifyCall(CB, D.engine().registry());
  MathOperands Ops(D, CB, Forward);
  SmallVector<Value *, 3> Partials(CB.arg_size(), nullptr);
  mathPartials(Info.MathName)(B, Ops, Partials);
  return Partials;
}

void reverseMath(Differentiator &D, Instruction &I, Value *Adj) {
  auto &CB = cast<CallBase>(I);
  if (!Adj)
    return;
  // llvm.frexp returns {mantissa, exponent}; only the mantissa varies.
  if (Adj->getType()->isStructTy())
    Adj = D.reverse().CreateExtractValue(Adj, 0);
  SmallVector<Value *, 3> Partials =
      callPartials(D, CB, D.reverse(), /*Forward=*/false);
  for (auto [K, Partial] : enumerate(Partials)) {
    Value *Arg = CB.getArgOperand(K);
    if (!Partial || !D.isVaried(Arg))
      continue;
    Value *Scaled = D.reverse().CreateFMul(Adj, Partial);
    D.addAdjoint(Arg, convertFloat(D.reverse(), Scaled, Arg->getType()));
  }
}

// --- Heap -------------------------------------------------------------------

// Byte size of the block an allocation call returns.
Value *allocationSize(Differentiator &D, CallBase &CB) {
  IRBuilderBase &B = D.forward();
  if (const AllocationLike *Like =
          D.engine().registry().allocationLike(*CB.getCalledFunction()))
    return D.forwardValue(CB.getArgOperand(Like->SizeArgument));
  const NamedKind *H = heapFunction(CB);
  Value *Size = D.forwardValue(CB.getArgOperand(H ? H->SizeArgument : 0));
  if (CB.getCalledFunction()->getName() == "calloc")
    Size = B.CreateMul(Size, D.forwardValue(CB.getArgOperand(1)));
  return Size;
}

// A zeroed shadow for the block an allocation call makes. An aligned block
// gets an aligned shadow: the primal code's alignment assumptions (aligned
// vector accesses) hold for the shadow accesses that mirror it.
Value *shadowAllocation(Differentiator &D, CallBase &CB, const Twine &Name) {
  Value *Size = allocationSize(D, CB);
  const NamedKind *H = heapFunction(CB);
  if (H && H->AlignArgument >= 0)
    return zeroedAlignedAllocation(
        D.forward(), D.forwardValue(CB.getArgOperand(H->AlignArgument)), Size,
        Name);
  return zeroedAllocation(D.forward(), Size, Name);
}

void forwardAllocation(Differentiator &D, Instruction &I) {
  if (!D.hasShadow(&I))
    return;
  D.setForwardShadow(
      &I, shadowAllocation(D, cast<CallBase>(I), I.getName() + ".shadow"));
}

// posix_memalign(&p, align, size) stores the block into p: the shadow
// block goes into p's shadow, and is freed at the reverse of the call like
// malloc's. The reverse frees the block it allocated, not whatever p's
// shadow holds by then (p may have been reused).
void forwardOutAllocation(Differentiator &D, Instruction &I) {
  auto &CB = cast<CallBase>(I);
  Value *Out = CB.getArgOperand(0);
  if (!D.hasShadow(Out))
    return;
  Value *Shadow = shadowAllocation(D, CB, I.getName() + ".shadow");
  D.forward().CreateStore(Shadow, D.forwardShadow(Out));
  D.setForwardExtra(I, Shadow);
}

void reverseOutAllocation(Differentiator &D, Instruction &I, Value *) {
  if (Value *Shadow = D.forwardExtra(I))
    freeAllocation(D.reverse(), D.cached(Shadow));
}

void reverseAllocation(Differentiator &D, Instruction &I, Value *) {
  if (D.hasShadow(&I))
    freeAllocation(D.reverse(), D.shadow(&I));
  // A kept allocation's primal free was moved here (forwardDeallocation).
  if (D.keepsAllocation(&I))
    freeAllocation(D.reverse(), D.primal(&I));
}

// Frees of kept allocations leave the forward sweep: the reverse sweep loads
// from that memory again and frees it at the reverse of the allocation.
void forwardDeallocation(Differentiator &D, Instruction &I) {
  auto &CB = cast<CallBase>(I);
  if (CB.arg_size() == 0)
    return;
  const Value *Object = getUnderlyingObject(CB.getArgOperand(0));
  if (D.keepsAllocation(Object))
    D.eraseForward(I);
}

// realloc: a fresh zeroed shadow receives the old shadow's bytes. The old
// shadow stays alive until the reverse of its own allocation, and gets the
// adjoints back at the reverse of the realloc.
void forwardReallocation(Differentiator &D, Instruction &I) {
  if (!D.hasShadow(&I))
    return;
  auto &CB = cast<CallBase>(I);
  IRBuilderBase &B = D.forward();
  Value *Size = D.forwardValue(CB.getArgOperand(1));
  Value *Old = D.hasShadow(CB.getArgOperand(0))
                   ? D.forwardShadow(CB.getArgOperand(0))
                   : Constant::getNullValue(B.getPtrTy());
  Value *New = zeroedAllocation(B, Size, I.getName() + ".shadow");
  Value *Kept =
      B.CreateBinaryIntrinsic(Intrinsic::umin, usableSize(B, Old), Size);
  B.CreateMemCpy(New, MaybeAlign(), Old, MaybeAlign(), Kept);
  D.setForwardShadow(&I, New);
}

void reverseReallocation(Differentiator &D, Instruction &I, Value *) {
  if (!D.hasShadow(&I))
    return;
  auto &CB = cast<CallBase>(I);
  IRBuilderBase &B = D.reverse();
  Value *New = D.shadow(&I);
  if (D.hasShadow(CB.getArgOperand(0))) {
    Value *Old = D.shadow(CB.getArgOperand(0));
    Value *Kept = B.CreateBinaryIntrinsic(Intrinsic::umin, usableSize(B, Old),
                                          D.primal(CB.getArgOperand(1)));
    B.CreateMemCpy(Old, MaybeAlign(), New, MaybeAlign(), Kept);
  }
  freeAllocation(B, New);
}

// --- memcpy / memmove / memset ---------------------------------------------

MemoryType transferType(Differentiator &D, MemTransferInst &MT) {
  return deduceMemoryType({MT.getDest(), MT.getSource()}, D.key().Hints);
}

void forwardTransfer(Differentiator &D, Instruction &I) {
  auto &MT = cast<MemTransferInst>(I);
  if (!D.hasShadow(MT.getDest()) || !D.hasShadow(MT.getSource()))
    return;
  MemoryType T = transferType(D, MT);
  if (T.K != MemoryType::Pointer && !T.Record)
    return;
  // Pointer data: the shadow pointers travel with the primal ones.
  IRBuilderBase &B = D.forward();
  Value *Dst = D.forwardShadow(MT.getDest());
  Value *Src = D.forwardShadow(MT.getSource());
  Value *Len = D.forwardValue(MT.getLength());
  if (T.Record) {
    copyRecordPointerShadows(B, T.Record, Dst, Src, Len);
    return;
  }
  if (isa<MemMoveInst>(MT))
    B.CreateMemMove(Dst, MT.getDestAlign(), Src, MT.getSourceAlign(), Len);
  else
    B.CreateMemCpy(Dst, MT.getDestAlign(), Src, MT.getSourceAlign(), Len);
}

// Active memory copied where no shadow receives its derivatives (an
// enzyme_const buffer): reported, as a store of an active value there is
// (MemoryRules.cpp), instead of dropping the derivatives silently. A global
// registered inactive drops them, as asked; integers carry none.
void reportCopyWithoutShadow(Differentiator &D, MemTransferInst &MT) {
  if (!D.hasShadow(MT.getSource()) ||
      D.engine().registry().isInactiveGlobal(
          getUnderlyingObject(MT.getDest())) ||
      transferType(D, MT).K == MemoryType::Integer)
    return;
  D.report(MT,
           "copying active memory into memory that is not active (an "
           "enzyme_const or inactive pointer argument, or constant memory); "
           "its derivatives would be lost",
           "pass the destination with enzyme_dup and a shadow buffer "
           "(or enzyme_dupnoneed for an output)");
}

void reverseTransfer(Differentiator &D, Instruction &I, Value *) {
  auto &MT = cast<MemTransferInst>(I);
  if (!D.hasShadow(MT.getDest())) {
    reportCopyWithoutShadow(D, MT);
    return;
  }
  MemoryType T = transferType(D, MT);
  if (!D.hasShadow(MT.getSource())) {
    // A constant source (a local array's initializer): whatever the bytes
    // are, the destination's old adjoints are discarded; clearing pointer
    // shadows there is harmless, since the reverse sweep does not read them
    // from memory.
    if (T.K != MemoryType::Integer)
      D.reverse().CreateMemSet(D.shadow(MT.getDest()), D.reverse().getInt8(0),
                               D.primal(MT.getLength()), MaybeAlign());
    return;
  }
  switch (T.K) {
  case MemoryType::Pointer:
  case MemoryType::Integer:
    return;
  case MemoryType::Float:
    break;
  case MemoryType::Mixed:
    if (T.Record)
      break;
    [[fallthrough]];
  case MemoryType::Unknown:
    D.report(I,
             T.K == MemoryType::Unknown
                 ? "cannot deduce the element type of the memory this copy "
                   "moves: no load, store or typed address in the function "
                   "says whether the bytes are floating-point"
                 : "the memory this copy moves mixes floating-point values "
                   "with pointers or with another floating-point type",
             "copy the elements with a typed loop, or access the memory as "
             "typed values in the same function");
    return;
  }
  IRBuilderBase &B = D.reverse();
  Value *Len = D.primal(MT.getLength());
  Value *Dst = D.shadow(MT.getDest());
  if (T.Record)
    moveRecordAdjoints(B, T.Record, Dst, D.shadow(MT.getSource()), Len);
  else
    moveAdjoints(B, T.FloatType, Dst, D.shadow(MT.getSource()), Len);
}

// memset overwrites memory with constants: their adjoints are dropped.
void reverseMemSet(Differentiator &D, Instruction &I, Value *) {
  auto &MS = cast<MemSetInst>(I);
  if (!D.hasShadow(MS.getDest()))
    return;
  D.reverse().CreateMemSet(D.shadow(MS.getDest()), D.reverse().getInt8(0),
                           D.primal(MS.getLength()), MS.getDestAlign());
}

// --- Calls of functions with bodies and custom gradients --------------------

GradientKey calleeKey(Differentiator &D, CallBase &CB) {
  GradientKey Key;
  Key.Fn = CB.getCalledFunction();
  for (Use &Arg : CB.args()) {
    Value *V = Arg.get();
    Type *Hint = nullptr;
    if (carriesPointers(V->getType()) && D.hasShadow(V)) {
      Key.Args.push_back(ArgActivity::Dup);
      MemoryType T = V->getType()->isPointerTy()
                         ? deduceMemoryType({V}, D.key().Hints)
                         : MemoryType();
      if (T.K == MemoryType::Float)
        Hint = T.FloatType;
    } else if (isDifferentiableType(V->getType()) && D.isVaried(V))
      Key.Args.push_back(ArgActivity::Out);
    else
      Key.Args.push_back(ArgActivity::Const);
    Key.Hints.push_back(Hint);
  }
  Key.ReturnActive = isDifferentiableType(CB.getType()) && D.isVaried(&CB);
  Key.ReturnShadow = carriesPointers(CB.getType()) && D.hasShadow(&CB);
  Key.PrivateTape = D.key().PrivateTape;
  return Key;
}

// The argument list (value, shadow for dup) of a split gradient.
// A private tape's cursor goes last (after dret), added by the caller.
template <typename ValueFn, typename ShadowFn>
SmallVector<Value *> splitArguments(CallBase &CB, const GradientKey &Key,
                                    ValueFn Primal, ShadowFn Shadow) {
  SmallVector<Value *> Args;
  for (auto [Arg, Act] : zip(CB.args(), Key.Args)) {
    Args.push_back(Primal(Arg.get()));
    if (isDuplicated(Act))
      Args.push_back(Shadow(Arg.get()));
  }
  return Args;
}

void addPrivateCursor(Differentiator &D, IRBuilderBase &B,
                      const GradientKey &Key, SmallVectorImpl<Value *> &Args) {
  if (Key.PrivateTape)
    Args.push_back(D.engine().tape().cursor(B));
}

// Whether T is an aggregate holding both pointers and floating-point
// values: it would need a shadow and an adjoint at once.
bool mixesPointersAndFloats(Type *T) {
  return T->isAggregateType() && carriesPointers(T) && isDifferentiableType(T);
}

// A struct that mixes pointers with floats would need both a shadow and an
// adjoint (or tangent) at once: reported, in either mode.
bool refusesMixedReturn(Differentiator &D, CallBase &CB) {
  if (!mixesPointersAndFloats(CB.getType()))
    return false;
  D.report(CB,
           "the call of '" + CB.getCalledFunction()->getName() +
               "' returns a struct holding both pointers and "
               "floating-point values; the engine cannot differentiate it",
           "let the callee be inlined before AD, or return the data "
           "through an output argument");
  return true;
}

// A variadic callee reads its variable arguments with va_arg from memory
// the engine does not see (the register save area and the overflow area),
// and its gradient would have no parameters for them: before this was
// refused, va_arg values got no derivative at -O1 and up, and qgrad-ad
// built an invalid module (va_start in a function without `...`). Reported
// once, by the forward sweep (Report).
bool refusesVariadic(Differentiator &D, CallBase &CB, bool Report) {
  Function *Callee = CB.getCalledFunction();
  if (!Callee->isVarArg())
    return false;
  if (Report)
    D.report(CB,
             "'" + demangle(Callee->getName()) +
                 "' is variadic; the engine cannot differentiate the values "
                 "it reads with va_arg",
             "pass the values in an array with a count, or register a "
             "custom gradient for the function");
  return true;
}

void forwardDefined(Differentiator &D, Instruction &I) {
  auto &CB = cast<CallBase>(I);
  if (!anyActive(D, CB))
    return;
  if (refusesVariadic(D, CB, /*Report=*/true))
    return;
  // A returned pointer, or an aggregate of pointers and integers (a memref
  // descriptor), comes back with its shadow.
  if (refusesMixedReturn(D, CB))
    return;
  GradientKey Key = calleeKey(D, CB);
  SplitGradient Split = D.engine().split(Key);
  IRBuilderBase &B = D.forward();
  SmallVector<Value *> Args = splitArguments(
      CB, Key, [&](Value *V) { return D.forwardValue(V); },
      [&](Value *V) { return D.forwardShadow(V); });
  addPrivateCursor(D, B, Key, Args);
  CallInst *Call = B.CreateCall(Split.Augmented, Args);
  Value *Primal = Call;
  if (Key.ReturnShadow) {
    Primal = B.CreateExtractValue(Call, 0, I.getName());
    D.setForwardShadow(&I,
                       B.CreateExtractValue(Call, 1, I.getName() + ".shadow"));
  }
  if (CB.getType()->isVoidTy())
    Primal = PoisonValue::get(CB.getType());
  D.replaceForward(I, Primal);
}

// Adds the gradients a reverse function returns to the out arguments.
void distributeGradients(Differentiator &D, CallBase &CB,
                         ArrayRef<ArgActivity> Acts, Value *Grads) {
  if (!Grads || Grads->getType()->isVoidTy())
    return;
  IRBuilderBase &B = D.reverse();
  unsigned Field = 0;
  bool Scalar = !Grads->getType()->isStructTy();
  for (auto [Arg, Act] : zip(CB.args(), Acts)) {
    if (Act != ArgActivity::Out)
      continue;
    Value *G = Scalar ? Grads : B.CreateExtractValue(Grads, Field);
    ++Field;
    D.addAdjoint(Arg.get(), convertFloat(B, G, Arg->getType()));
  }
}

void reverseDefined(Differentiator &D, Instruction &I, Value *Adj) {
  auto &CB = cast<CallBase>(I);
  if (!anyActive(D, CB) || refusesVariadic(D, CB, /*Report=*/false))
    return;
  GradientKey Key = calleeKey(D, CB);
  SplitGradient Split = D.engine().split(Key);
  SmallVector<Value *> Args = splitArguments(
      CB, Key, [&](Value *V) { return D.primal(V); },
      [&](Value *V) { return D.shadow(V); });
  if (Key.ReturnActive)
    Args.push_back(Adj ? Adj : Constant::getNullValue(CB.getType()));
  addPrivateCursor(D, D.reverse(), Key, Args);
  Value *Grads = D.reverse().CreateCall(Split.Reverse, Args);
  distributeGradients(D, CB, Key.Args, Grads);
}

// Calls a user-provided function of a custom gradient after checking that
// its parameter count matches; arguments are cast to its parameter types.
CallInst *callUserFunction(Differentiator &D, Instruction &I, IRBuilderBase &B,
                           Function *Target, SmallVectorImpl<Value *> &Args,
                           StringRef Role, StringRef Layout) {
  FunctionType *Ty = Target->getFunctionType();
  if (Ty->getNumParams() != Args.size()) {
    D.report(I,
             "the " + Role + " function '" + Target->getName() + "' takes " +
                 Twine(Ty->getNumParams()) + " arguments but this call needs " +
                 Twine(Args.size()),
             Layout);
    return nullptr;
  }
  for (auto [K, Arg] : enumerate(Args))
    Args[K] = B.CreateBitOrPointerCast(Arg, Ty->getParamType(K));
  return B.CreateCall(Target, Args);
}

// Custom gradients (docs/ad-engine.md): the augmented forward takes the
// split argument list and returns void, the tape (a pointer), the primal
// result, or {tape, primal}; the reverse takes the same list, then the
// return's adjoint when the function returns a float, then the tape.
struct CustomCall {
  GradientKey Key;
  const CustomGradient *Custom = nullptr;
};

// The activities and the registered pair of a custom-gradient call, or
// nothing when the call sees no active data.
// A function with only a forward derivative registered is reported once,
// by the forward sweep (ReportMissing).
std::optional<CustomCall> customCall(Differentiator &D, CallBase &CB,
                                     bool ReportMissing) {
  if (!anyActive(D, CB))
    return std::nullopt;
  const CustomGradient *Custom =
      D.engine().registry().customGradient(*CB.getCalledFunction());
  if (!Custom) {
    if (!ReportMissing)
      return std::nullopt;
    D.report(CB,
             "'" + CB.getCalledFunction()->getName() +
                 "' has a registered forward derivative only; reverse mode "
                 "needs its gradient",
             "register `void *__enzyme_register_gradient_" +
                 CB.getCalledFunction()->getName() +
                 "[3] = {f, augmented, reverse};` too");
    return std::nullopt;
  }
  return CustomCall{calleeKey(D, CB), Custom};
}

void forwardCustom(Differentiator &D, Instruction &I) {
  auto &CB = cast<CallBase>(I);
  std::optional<CustomCall> Site = customCall(D, CB, /*ReportMissing=*/true);
  if (!Site)
    return;
  auto &[Key, Custom] = *Site;
  FunctionType *AugTy = Custom->Augmented->getFunctionType();
  SmallVector<Value *> Args = splitArguments(
      CB, Key, [&](Value *V) { return D.forwardValue(V); },
      [&](Value *V) { return D.forwardShadow(V); });
  CallInst *Call = callUserFunction(
      D, I, D.forward(), Custom->Augmented, Args, "augmented forward",
      "list each argument, followed by its shadow when it is a duplicated "
      "pointer");
  if (!Call)
    return;
  D.setForwardExtra(I, Call);
  Type *RetTy = AugTy->getReturnType();
  Value *Primal = PoisonValue::get(CB.getType());
  if (RetTy == CB.getType() && !RetTy->isVoidTy())
    Primal = Call;
  else if (auto *ST = dyn_cast<StructType>(RetTy);
           ST && ST->getNumElements() == 2)
    Primal = D.forward().CreateExtractValue(Call, 1, I.getName());
  D.replaceForward(I, Primal);
}

void reverseCustom(Differentiator &D, Instruction &I, Value *Adj) {
  auto &CB = cast<CallBase>(I);
  std::optional<CustomCall> Site = customCall(D, CB, /*ReportMissing=*/false);
  if (!Site)
    return;
  auto &[Key, Custom] = *Site;
  SmallVector<Value *> Args = splitArguments(
      CB, Key, [&](Value *V) { return D.primal(V); },
      [&](Value *V) { return D.shadow(V); });
  if (isDifferentiableType(CB.getType()))
    Args.push_back(Adj ? Adj : Constant::getNullValue(CB.getType()));
  // The tape is whatever the augmented call returned besides the primal.
  FunctionType *AugTy = Custom->Augmented->getFunctionType();
  Type *AugRet = AugTy->getReturnType();
  if (!D.forwardExtra(I))
    return; // the augmented call was not made; already reported
  if (AugRet->isPointerTy() || isa<StructType>(AugRet)) {
    Value *Tape = D.cached(D.forwardExtra(I));
    if (isa<StructType>(AugRet))
      Tape = D.reverse().CreateExtractValue(Tape, 0);
    Args.push_back(Tape);
  }
  Value *Grads = callUserFunction(
      D, I, D.reverse(), Custom->Reverse, Args, "reverse",
      "list the arguments as the augmented forward does, then the return "
      "value's adjoint (for a float result), then the tape");
  if (!Grads)
    return;
  distributeGradients(D, CB, Key.Args, Grads);
}

// --- Unknown functions
// --------------------------------------------------------

void reverseUnknown(Differentiator &D, Instruction &I, Value *) {
  auto &CB = cast<CallBase>(I);
  if (!anyActive(D, CB)) {
    if (const GlobalVariable *G = globalSeenByExternal(D, CB)) {
      StringRef Name = CB.getCalledFunction()->getName();
      D.report(I,
               "call to unknown external function '" + Name +
                   "', which may read or write the global '" + G->getName() +
                   "' that holds active data; the engine cannot "
                   "differentiate what it does there",
               "give the engine its body, register a rule for it "
               "(`void *__enzyme_inactivefn[] = {" +
                   Name +
                   "};` if it uses no active data), or keep active data out "
                   "of globals that other modules can reach");
    }
    return;
  }
  if (CB.isInlineAsm()) {
    D.report(I,
             "inline assembly with active operands cannot be "
             "differentiated: the engine cannot see what it computes",
             "compute the value in C, or move the assembly into a function "
             "with a registered custom gradient "
             "(__enzyme_register_gradient_*)");
    return;
  }
  // The code the call runs reads or writes an active global (a thread's
  // body handed to pthread_create): say so, since its arguments may look
  // inactive (pointers become active only because of it).
  const Function *Reached = reachedGlobalUser(D, CB);
  Function *Callee = CB.getCalledFunction();
  if (!Callee) {
    bool PassesFloats = any_of(CB.args(), [&](Use &U) {
      return isDifferentiableType(U->getType()) && D.isVaried(U.get());
    });
    std::string What =
        Reached && !PassesFloats
            ? "an indirect call may call '" + demangle(Reached->getName()) +
                  "', which reads or writes an active global; the engine "
                  "cannot differentiate through a call it cannot resolve"
            : "an indirect call with active arguments cannot be "
              "differentiated";
    D.report(I, What,
             "call the function directly so the engine can see its body");
    return;
  }
  StringRef Name = Callee->getName();
  if (!Callee->isDeclaration()) {
    D.report(I,
             "call to '" + demangle(Name) +
                 "' with an active argument: its definition is weak, and "
                 "the linker may replace it with another module's, so the "
                 "engine cannot differentiate the body it sees",
             "make the definition strong (not __attribute__((weak))), or "
             "register a custom gradient "
             "(`void *__enzyme_register_gradient_" +
                 Name + "[3] = {" + Name + ", augmented, reverse};`)");
    return;
  }
  if (Reached) {
    D.report(I,
             "call to unknown external function '" + Name +
                 "', which may run '" + demangle(Reached->getName()) +
                 "', a function that reads or writes an active global; the "
                 "engine cannot differentiate what it runs",
             "call '" + demangle(Reached->getName()) +
                 "' directly in the differentiated code, or keep active "
                 "data out of the globals it uses");
    return;
  }
  D.report(I,
           "call to unknown external function '" + Name +
               "' with an active argument",
           "give the engine its body, or register a rule: a custom gradient "
           "with `void *__enzyme_register_gradient_" +
               Name + "[3] = {" + Name +
               ", augmented, reverse};`, or `void *__enzyme_inactivefn[] "
               "= {" +
               Name +
               "};` if it has no derivative, or "
               "`void *__enzyme_function_like[2] = {" +
               Name + ", \"<libm name>\"};`");
}

// --- Forward mode: tangents of calls ----------------------------------------

void noTangent(Differentiator &, Instruction &) {}

// dy = sum_k (dy/dx_k) dx_k, from the partials the reverse rule uses.
void tangentMath(Differentiator &D, Instruction &I) {
  auto &CB = cast<CallBase>(I);
  if (!D.isVaried(&CB))
    return;
  IRBuilderBase &B = D.forward();
  SmallVector<Value *, 3> Partials = callPartials(D, CB, B, /*Forward=*/true);
  // llvm.frexp returns {mantissa, exponent}; only the mantissa varies.
  Type *ResultTy = CB.getType()->isStructTy()
                       ? CB.getType()->getStructElementType(0)
                       : CB.getType();
  Value *Tangent = nullptr;
  for (auto [K, Partial] : enumerate(Partials)) {
    Value *Arg = CB.getArgOperand(K);
    if (!Partial || !D.isVaried(Arg))
      continue;
    Value *Term =
        convertFloat(B,
                     B.CreateFMul(Partial, convertFloat(B, D.tangent(Arg),
                                                        Partial->getType())),
                     ResultTy);
    Tangent = Tangent ? B.CreateFAdd(Tangent, Term) : Term;
  }
  if (!Tangent)
    Tangent = Constant::getNullValue(ResultTy);
  if (CB.getType()->isStructTy())
    Tangent =
        B.CreateInsertValue(Constant::getNullValue(CB.getType()), Tangent, 0);
  D.setTangent(&CB, Tangent);
}

// Shadows live as long as their blocks: freed with them, not in a reverse
// sweep.
void tangentDeallocation(Differentiator &D, Instruction &I) {
  auto &CB = cast<CallBase>(I);
  if (CB.arg_size() != 0 && D.hasShadow(CB.getArgOperand(0)))
    freeAllocation(D.forward(), D.forwardShadow(CB.getArgOperand(0)));
}

void tangentReallocation(Differentiator &D, Instruction &I) {
  auto &CB = cast<CallBase>(I);
  forwardReallocation(D, I);
  if (D.hasShadow(&I) && D.hasShadow(CB.getArgOperand(0)))
    freeAllocation(D.forward(), D.forwardShadow(CB.getArgOperand(0)));
}

// memcpy/memmove: tangents and pointer shadows are copied bytewise like
// the values, whatever the element types; from memory without a shadow
// the destination's tangents become zero.
void tangentTransfer(Differentiator &D, Instruction &I) {
  auto &MT = cast<MemTransferInst>(I);
  if (!D.hasShadow(MT.getDest())) {
    reportCopyWithoutShadow(D, MT);
    return;
  }
  IRBuilderBase &B = D.forward();
  Value *Dst = D.forwardShadow(MT.getDest());
  Value *Len = D.forwardValue(MT.getLength());
  if (!D.hasShadow(MT.getSource())) {
    B.CreateMemSet(Dst, B.getInt8(0), Len, MT.getDestAlign());
    return;
  }
  Value *Src = D.forwardShadow(MT.getSource());
  if (isa<MemMoveInst>(MT))
    B.CreateMemMove(Dst, MT.getDestAlign(), Src, MT.getSourceAlign(), Len);
  else
    B.CreateMemCpy(Dst, MT.getDestAlign(), Src, MT.getSourceAlign(), Len);
}

// memset writes constant bytes: zero tangents (and null shadows).
void tangentMemSet(Differentiator &D, Instruction &I) {
  auto &MS = cast<MemSetInst>(I);
  if (!D.hasShadow(MS.getDest()))
    return;
  IRBuilderBase &B = D.forward();
  B.CreateMemSet(D.forwardShadow(MS.getDest()), B.getInt8(0),
                 D.forwardValue(MS.getLength()), MS.getDestAlign());
}

// A defined callee is called through its own tangent function.
void tangentDefined(Differentiator &D, Instruction &I) {
  auto &CB = cast<CallBase>(I);
  if (!anyActive(D, CB) || refusesVariadic(D, CB, /*Report=*/true))
    return;
  if (refusesMixedReturn(D, CB))
    return;
  GradientKey Key = calleeKey(D, CB);
  Function *T = D.engine().tangentFunction(Key, /*TopLevel=*/false);
  IRBuilderBase &B = D.forward();
  SmallVector<Value *> Args;
  for (auto [Arg, Act] : zip(CB.args(), Key.Args)) {
    Args.push_back(D.forwardValue(Arg.get()));
    if (isDuplicated(Act))
      Args.push_back(D.forwardShadow(Arg.get()));
    else if (Act == ArgActivity::Out)
      Args.push_back(D.tangent(Arg.get()));
  }
  CallInst *Call = B.CreateCall(T, Args);
  Value *Primal = Call;
  if (Key.ReturnActive || Key.ReturnShadow) {
    Primal = B.CreateExtractValue(Call, 0, I.getName());
    Value *Second = B.CreateExtractValue(Call, 1, I.getName() + ".tangent");
    if (Key.ReturnShadow)
      D.setForwardShadow(&I, Second);
    else
      D.setTangent(&I, Second);
  }
  if (CB.getType()->isVoidTy())
    Primal = PoisonValue::get(CB.getType());
  D.replaceForward(I, Primal);
}

// A registered forward derivative takes each argument followed by its
// shadow (a pointer; null when it has none) or tangent (a float; zero when
// constant), and returns {result, tangent of the result}.
void tangentCustom(Differentiator &D, Instruction &I) {
  auto &CB = cast<CallBase>(I);
  if (!anyActive(D, CB))
    return;
  Function *Callee = CB.getCalledFunction();
  Function *Derivative = D.engine().registry().forwardDerivative(*Callee);
  if (!Derivative) {
    D.report(I,
             "'" + Callee->getName() +
                 "' has a registered custom gradient for reverse mode only; "
                 "forward mode needs its tangent",
             "register `void *__enzyme_register_derivative_" +
                 Callee->getName() +
                 "[2] = {f, forward};`, or let the engine differentiate the "
                 "function's body");
    return;
  }
  IRBuilderBase &B = D.forward();
  SmallVector<Value *> Args;
  for (Use &Arg : CB.args()) {
    Value *V = Arg.get();
    Args.push_back(D.forwardValue(V));
    if (V->getType()->isPointerTy())
      Args.push_back(D.hasShadow(V) ? D.forwardShadow(V)
                                    : Constant::getNullValue(V->getType()));
    else if (isDifferentiableType(V->getType()))
      Args.push_back(D.tangent(V));
  }
  CallInst *Call = callUserFunction(
      D, I, B, Derivative, Args, "forward derivative",
      "list each argument, each pointer and float followed by its shadow or "
      "tangent; return {result, tangent}");
  if (!Call)
    return;
  Type *RetTy = Derivative->getReturnType();
  if (CB.getType()->isVoidTy()) {
    D.replaceForward(I, PoisonValue::get(CB.getType()));
    return;
  }
  auto *Pair = dyn_cast<StructType>(RetTy);
  if (!Pair || Pair->getNumElements() != 2 ||
      Pair->getElementType(0) != CB.getType() ||
      Pair->getElementType(1) != CB.getType()) {
    D.report(I, "the forward derivative '" + Derivative->getName() +
                    "' must return {result, tangent} of two " +
                    (isDifferentiableType(CB.getType()) ? "floats" : "values"));
    return;
  }
  Value *Primal = B.CreateExtractValue(Call, 0, I.getName());
  if (isDifferentiableType(CB.getType()))
    D.setTangent(&I, B.CreateExtractValue(Call, 1, I.getName() + ".tangent"));
  D.replaceForward(I, Primal);
}

void tangentUnknown(Differentiator &D, Instruction &I) {
  reverseUnknown(D, I, nullptr);
}

struct Entry {
  CallKind Kind;
  InstructionRule Rule;
};

void nothing(Differentiator &, Instruction &, Value *) {}

const Entry Table[] = {
    {CallKind::Ignored, {nullptr, nothing, noTangent}},
    {CallKind::Inactive, {nullptr, nothing, noTangent}},
    {CallKind::Deallocation,
     {forwardDeallocation, nothing, tangentDeallocation}},
    {CallKind::Math, {nullptr, reverseMath, tangentMath}},
    {CallKind::Allocation,
     {forwardAllocation, reverseAllocation, forwardAllocation}},
    {CallKind::OutAllocation,
     {forwardOutAllocation, reverseOutAllocation, forwardOutAllocation}},
    {CallKind::Reallocation,
     {forwardReallocation, reverseReallocation, tangentReallocation}},
    {CallKind::MemTransfer,
     {forwardTransfer, reverseTransfer, tangentTransfer}},
    {CallKind::MemSet, {nullptr, reverseMemSet, tangentMemSet}},
    {CallKind::Custom, {forwardCustom, reverseCustom, tangentCustom}},
    {CallKind::Defined, {forwardDefined, reverseDefined, tangentDefined}},
    {CallKind::Unknown, {nullptr, reverseUnknown, tangentUnknown}},
};

} // namespace

InstructionRule callRule(CallKind Kind) {
  for (const Entry &E : Table)
    if (E.Kind == Kind)
      return E.Rule;
  return {};
}

} // namespace qgrad::ad
