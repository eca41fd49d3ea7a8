//===- EntryPointLowering.cpp - __enzyme_autodiff calls -------------------===//

#include "qgrad/AD/EntryPointLowering.h"

#include "qgrad/AD/GradientSynthesis.h"
#include "qgrad/AD/ValueUtils.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace qgrad::ad {

// The function an entry call differentiates (null when it is not a known
// function; lowering reports that).
static Function *differentiatedFunction(const CallBase &CB) {
  unsigned First = CB.hasStructRetAttr() ? 1 : 0;
  if (CB.arg_size() <= First)
    return nullptr;
  return dyn_cast<Function>(CB.getArgOperand(First)->stripPointerCasts());
}

// The name of the entry point an entry call calls. Not getCalledFunction():
// that is null when the call's prototype differs from the declaration's
// (a caller declaring its own __enzyme_autodiff returning void, say).
static StringRef entryPointName(const CallBase &CB) {
  return cast<Function>(CB.getCalledOperand()->stripPointerCasts())
      ->getName();
}

namespace {

// Entry points and markers are found by name anywhere in the symbol, as
// Enzyme does: a C++ declaration without extern "C" is mangled
// (_Z17__enzyme_autodiffPvd, one symbol per instantiation of a variadic
// template), and programs declare their own prototypes with any suffix.
constexpr StringRef CombinedName = "__enzyme_autodiff";
constexpr StringRef ForwardName = "__enzyme_fwddiff";
// Split reverse mode: the augmented forward leaves a tape that the reverse
// takes later; augmentsize says how many bytes a caller's tape buffer needs.
constexpr StringRef AugmentedName = "__enzyme_augmentfwd";
constexpr StringRef ReverseName = "__enzyme_reverse";
constexpr StringRef TapeSizeName = "__enzyme_augmentsize";
constexpr StringRef UnsupportedNames[] = {"__enzyme_fwdsplit", "__enzyme_batch",
                                          "__enzyme_virtualreverse"};

enum class EntryKind { Combined, Forward, Augmented, Reverse, TapeSize };

std::optional<EntryKind> entryKind(StringRef Name) {
  // augmentsize before augmentfwd: neither name contains the other, but the
  // order keeps the table readable.
  for (auto [Text, Kind] : {std::pair{CombinedName, EntryKind::Combined},
                            std::pair{ForwardName, EntryKind::Forward},
                            std::pair{TapeSizeName, EntryKind::TapeSize},
                            std::pair{AugmentedName, EntryKind::Augmented},
                            std::pair{ReverseName, EntryKind::Reverse}})
    if (Name.contains(Text))
      return Kind;
  return std::nullopt;
}

struct Marker {
  StringRef Name;
  std::optional<ArgActivity> Activity; // none: recognised but unsupported
};

constexpr Marker Markers[] = {
    {"enzyme_const", ArgActivity::Const},
    {"enzyme_dup", ArgActivity::Dup},
    {"enzyme_dupnoneed", ArgActivity::DupNoNeed},
    {"enzyme_out", ArgActivity::Out},
    {"enzyme_width", std::nullopt},
    {"enzyme_tape", std::nullopt},
    {"enzyme_allocated", std::nullopt},
    {"enzyme_primal_return", std::nullopt},
    {"enzyme_noret", std::nullopt},
    {"enzyme_nofree", std::nullopt},
};

// The markers of a split-mode call that say where its tape is, read before
// the function's arguments: enzyme_allocated SIZE (the caller's buffer
// size), enzyme_tape PTR (the buffer, or the tape augmentfwd returned), and
// for __enzyme_reverse enzyme_nofree (keep the tape for another reverse).
constexpr StringRef TapeMarkers[] = {"enzyme_allocated", "enzyme_tape",
                                     "enzyme_nofree"};

// The unqualified name of a global: a marker declared inside a C++
// namespace is mangled (_ZN2ns10enzyme_dupE) but means the same marker.
std::string baseName(const GlobalValue &G) {
  StringRef Name = G.getName();
  if (!Name.starts_with("_Z"))
    return Name.str();
  std::string Demangled = demangle(Name);
  StringRef Base = StringRef(Demangled).rsplit("::").second;
  return Base.empty() ? Demangled : Base.str();
}

const Marker *findMarker(StringRef Name) {
  for (const Marker &M : Markers)
    if (Name == M.Name)
      return &M;
  return nullptr;
}

// The name of the marker an argument names, known or not: the value loaded
// from, or the address of, a global called enzyme_*. An unknown one is an
// error rather than an ordinary argument: its value means nothing.
std::optional<std::string> markerName(Value *V) {
  V = V->stripPointerCasts();
  if (auto *LI = dyn_cast<LoadInst>(V))
    V = LI->getPointerOperand()->stripPointerCasts();
  auto *G = dyn_cast<GlobalVariable>(V);
  if (!G || !G->getName().contains("enzyme_"))
    return std::nullopt;
  std::string Name = baseName(*G);
  if (!StringRef(Name).starts_with("enzyme_"))
    return std::nullopt;
  return Name;
}

const Marker *markerOf(Value *V) {
  std::optional<std::string> Name = markerName(V);
  return Name ? findMarker(*Name) : nullptr;
}

constexpr StringRef SupportedMarkers =
    "the supported markers are enzyme_const, enzyme_dup, enzyme_dupnoneed "
    "and enzyme_out";

// How a symbol reads in messages: C++ entry points by their source name.
std::string displayName(StringRef Symbol) { return demangle(Symbol); }

ArgActivity defaultActivity(Type *T) {
  if (T->isFloatingPointTy())
    return ArgActivity::Out;
  if (T->isPointerTy())
    return ArgActivity::Dup;
  return ArgActivity::Const;
}

StringRef activityName(ArgActivity A) {
  switch (A) {
  case ArgActivity::Const:
    return "enzyme_const";
  case ArgActivity::Out:
    return "enzyme_out";
  case ArgActivity::Dup:
    return "enzyme_dup";
  case ArgActivity::DupNoNeed:
    return "enzyme_dupnoneed";
  }
  return "";
}

std::string typeName(Type *T) {
  std::string S;
  raw_string_ostream OS(S);
  T->print(OS);
  return S;
}

// Converts a call-site argument (after C's default argument promotions) to
// the parameter type of the differentiated function.
Value *convertArgument(IRBuilderBase &B, Value *V, Type *To) {
  Type *From = V->getType();
  if (From == To)
    return V;
  if (From->isFloatingPointTy() && To->isFloatingPointTy())
    return convertFloat(B, V, To);
  if (From->isIntegerTy() && To->isIntegerTy())
    return B.CreateSExtOrTrunc(V, To);
  if (From->isIntegerTy() && To->isPointerTy())
    return B.CreateIntToPtr(V, To);
  if (From->isPointerTy() && To->isPointerTy())
    return B.CreatePointerCast(V, To);
  return nullptr;
}

// Removes an entry-point call; an invoke leaves a branch to its normal
// destination behind (C++ code calls the entry point through invoke when the
// caller has cleanups).
void eraseEntryCall(CallBase &CB) {
  if (!CB.getType()->isVoidTy() && !CB.use_empty())
    CB.replaceAllUsesWith(PoisonValue::get(CB.getType()));
  if (auto *Invoke = dyn_cast<InvokeInst>(&CB)) {
    BranchInst::Create(Invoke->getNormalDest(), Invoke->getIterator());
    Invoke->getUnwindDest()->removePredecessor(Invoke->getParent());
  }
  CB.eraseFromParent();
}

// An entry point reached through invoke (a C++ caller with a try block or
// cleanups): a gradient may throw what the function throws (the primal
// calls in its forward sweep), and the exception must reach the invoke's
// handler. A call the handler table does not cover would end in
// std::terminate instead. The calls the lowering made before the invoke
// (after Before) that may throw become invokes of the same landing pad,
// whose phis take the value they had from the invoke's block.
void unwindLikeEntry(InvokeInst &Entry, Instruction *Before) {
  BasicBlock *Origin = Entry.getParent();
  SmallVector<CallInst *> MayThrow;
  for (Instruction *I = Before ? Before->getNextNode() : &Origin->front();
       I != &Entry; I = I->getNextNode())
    if (auto *Call = dyn_cast<CallInst>(I);
        Call && !Call->doesNotThrow() && !isa<IntrinsicInst>(Call))
      MayThrow.push_back(Call);
  if (MayThrow.empty())
    return;
  BasicBlock *Unwind = Entry.getUnwindDest();
  SmallVector<std::pair<PHINode *, Value *>> Incoming;
  for (PHINode &Phi : Unwind->phis())
    Incoming.push_back({&Phi, Phi.getIncomingValueForBlock(Origin)});
  for (CallInst *Call : MayThrow) {
    BasicBlock *From = Call->getParent();
    changeToInvokeAndSplitBasicBlock(Call, Unwind);
    if (From != Origin)
      for (auto [Phi, V] : Incoming)
        Phi->addIncoming(V, From);
  }
  // The entry invoke ends the last block split off; eraseEntryCall removes
  // that block's edge again.
  for (auto [Phi, V] : Incoming)
    Phi->addIncoming(V, Entry.getParent());
}

Value *insertLeaf(IRBuilderBase &B, Value *Agg, ArrayRef<unsigned> Path,
                  Value *Leaf) {
  if (Path.empty())
    return Leaf;
  Type *T = Agg->getType();
  if (T->isVectorTy())
    return B.CreateInsertElement(Agg, Leaf, Path.front());
  Value *Inner = B.CreateExtractValue(Agg, Path.front());
  Inner = insertLeaf(B, Inner, Path.drop_front(), Leaf);
  return B.CreateInsertValue(Agg, Inner, Path.front());
}

Value *extractLeaf(IRBuilderBase &B, Value *Agg, ArrayRef<unsigned> Path) {
  if (Path.empty())
    return Agg;
  Value *Inner = Agg->getType()->isVectorTy()
                     ? B.CreateExtractElement(Agg, Path.front())
                     : B.CreateExtractValue(Agg, Path.front());
  return extractLeaf(B, Inner, Path.drop_front());
}

class CallLowering {
public:
  /// Nested: another entry call differentiates the function CB is in, so
  /// the gradient keeps its tape private (GradientKey::PrivateTape).
  CallLowering(CallBase &CB, GradientEngine &E, bool Nested)
      : CB(CB), E(E), B(&CB) {
    Key.PrivateTape = Nested;
  }

  void run() {
    Instruction *Before = CB.getPrevNode();
    if (Error Err = lower())
      E.diagnostics().add(std::move(Err));
    if (auto *Invoke = dyn_cast<InvokeInst>(&CB))
      unwindLikeEntry(*Invoke, Before);
    eraseEntryCall(CB);
  }

private:
  Error fail(const Twine &What, const Twine &Hint = "") {
    return makeError(CB.getFunction(), &CB, What, Hint);
  }

  Error lower() {
    std::string Callee = displayName(entryPointName(CB));
    Kind = *entryKind(entryPointName(CB));
    // Forward mode (__enzyme_fwddiff): an active float is followed by its
    // tangent, and the call returns the tangent of the result.
    bool Forward = Kind == EntryKind::Forward;
    bool Split = Kind == EntryKind::Augmented || Kind == EntryKind::Reverse ||
                 Kind == EntryKind::TapeSize;
    unsigned First = CB.hasStructRetAttr() ? 1 : 0;
    if (CB.arg_size() <= First)
      return fail("'" + Callee +
                  "' needs the function to differentiate as "
                  "its first argument");
    Function *Fn = differentiatedFunction(CB);
    if (!Fn)
      return fail("the first argument of '" + Callee +
                      "' is not a function known at compile time",
                  "pass the function itself, e.g. (void *)f");
    if (Fn->isDeclaration())
      return fail("cannot differentiate '" + Fn->getName() +
                      "': its body is not in this module",
                  "define the function in the same translation unit");
    // The linker may replace a weak definition with another module's: the
    // gradient would be of a function that does not run.
    if (Fn->isInterposable())
      return fail("cannot differentiate '" + displayName(Fn->getName()) +
                      "': its definition is weak, and the linker may "
                      "replace it with another module's",
                  "make the definition strong (not __attribute__((weak)))");
    // Its gradient would have no parameters for the variable arguments,
    // which va_arg reads from memory the engine does not see.
    if (Fn->isVarArg())
      return fail("cannot differentiate '" + displayName(Fn->getName()) +
                      "': it is variadic, and the engine cannot "
                      "differentiate the values it reads with va_arg",
                  "give it a fixed parameter list (e.g. an array and a "
                  "count)");
    Key.Fn = Fn;
    unsigned Next = First + 1;
    if (Split)
      if (Error Err = readTapeMarkers(Next, Callee))
        return Err;
    if (Error Err = readWidth(Next, Callee, Forward))
      return Err;
    // augmentsize's arguments are only the activities, which the tape's
    // size here does not depend on.
    if (Kind == EntryKind::TapeSize)
      return deliverTapeSize();
    for (Argument &Param : Fn->args()) {
      unsigned Number = Param.getArgNo() + 1;
      if (Next >= CB.arg_size())
        return fail("too few arguments to '" + Callee + "': '" + Fn->getName() +
                        "' has " + Twine(Fn->arg_size()) +
                        " parameters but no value is given for parameter " +
                        Twine(Number),
                    "pass every parameter, each dup pointer followed by its "
                    "shadow");
      std::optional<ArgActivity> Act;
      if (std::optional<std::string> Name =
              markerName(CB.getArgOperand(Next))) {
        const Marker *M = findMarker(*Name);
        if (!M)
          return fail("unsupported marker '" + *Name + "' for parameter " +
                          Twine(Number) + " of '" + Fn->getName() + "'",
                      SupportedMarkers);
        if (!M->Activity)
          return fail("the marker '" + M->Name + "' is not supported",
                      "use enzyme_const, enzyme_dup, enzyme_dupnoneed or "
                      "enzyme_out");
        Act = M->Activity;
        if (++Next >= CB.arg_size())
          return fail("too few arguments to '" + Callee + "': marker " +
                      activityName(*Act) +
                      " is not followed by a value for "
                      "parameter " +
                      Twine(Number));
      }
      Value *Primal = CB.getArgOperand(Next++);
      ArgActivity A = Act ? *Act : defaultActivity(Param.getType());
      if (Forward && A == ArgActivity::Out && Act)
        return fail("enzyme_out is a reverse-mode marker; '" + Callee +
                        "' takes each active float followed by its tangent",
                    "mark parameter " + Twine(Number) +
                        " enzyme_dup (the default for floats) or "
                        "enzyme_const");
      // In forward mode a float marked enzyme_dup is active: value, tangent.
      if (Forward && isDuplicated(A) && Param.getType()->isFloatingPointTy())
        A = ArgActivity::Out;
      Value *Converted = convertArgument(B, Primal, Param.getType());
      if (!Converted)
        return fail("argument for parameter " + Twine(Number) + " of '" +
                    Fn->getName() + "' has type " +
                    typeName(Primal->getType()) +
                    " but the parameter has type " + typeName(Param.getType()));
      if (A == ArgActivity::Out && !Param.getType()->isFloatingPointTy())
        return fail("parameter " + Twine(Number) + " of '" + Fn->getName() +
                        "' is marked enzyme_out but has type " +
                        typeName(Param.getType()),
                    "enzyme_out is for floating-point scalars; use enzyme_dup "
                    "for pointers and enzyme_const for the rest");
      if (isDuplicated(A) && !Param.getType()->isPointerTy())
        return fail("parameter " + Twine(Number) + " of '" + Fn->getName() +
                        "' is marked " + activityName(A) + " but has type " +
                        typeName(Param.getType()),
                    "only pointers have shadows");
      Args.push_back(Converted);
      Key.Args.push_back(A);
      // Forward mode: Width tangents follow an active float, Width shadows
      // an active pointer (vector mode, enzyme_width).
      bool Tangents = Forward && A == ArgActivity::Out;
      if (!Tangents && !isDuplicated(A))
        continue;
      for (unsigned Lane = 0; Lane < Width; ++Lane) {
        std::string What = Tangents ? "the tangent " : "the shadow ";
        if (Width > 1)
          What +=
              std::to_string(Lane + 1) + " of " + std::to_string(Width) + " ";
        What += "of parameter " + std::to_string(Number) + " of '" +
                Fn->getName().str() + "'";
        if (Next >= CB.arg_size())
          return fail("too few arguments to '" + Callee + "': " + What +
                      (Tangents ? "" : " (" + activityName(A).str() + ")") +
                      " is missing");
        Value *Shadow = CB.getArgOperand(Next++);
        if (std::optional<std::string> Name = markerName(Shadow);
            Name && !findMarker(*Name))
          return fail("unsupported marker '" + *Name + "' in place of " + What,
                      SupportedMarkers);
        if (Tangents) {
          Value *Tangent = convertArgument(B, Shadow, Param.getType());
          if (!Tangent || markerOf(Shadow))
            return fail(What + " must be a " + typeName(Param.getType()),
                        "pass the tangent right after the value");
          Args.push_back(Tangent);
          continue;
        }
        if (!Shadow->getType()->isPointerTy() || markerOf(Shadow))
          return fail(What + " has type " + typeName(Shadow->getType()) +
                          " but must be a pointer",
                      "pass the shadow buffer right after the pointer");
        Args.push_back(Shadow);
      }
    }
    Key.ReturnActive = Fn->getReturnType()->isFloatingPointTy();
    // Reverse mode seeds a float result with 1.0; an aggregate of floats
    // would be differentiated with a zero seed, a silently zero gradient.
    if (!Forward && !Key.ReturnActive &&
        isDifferentiableType(Fn->getReturnType()))
      return fail("'" + Fn->getName() + "' returns " +
                      typeName(Fn->getReturnType()) +
                      ", but reverse mode seeds only a float result",
                  "differentiate a function that returns one float of it, or "
                  "return the values through an enzyme_dup output whose "
                  "shadow holds the seed");
    // The reverse takes the adjoint of a float result after the arguments.
    Value *ReturnAdjoint = nullptr;
    if (Kind == EntryKind::Reverse && Key.ReturnActive) {
      if (Next >= CB.arg_size())
        return fail("too few arguments to '" + Callee + "': '" + Fn->getName() +
                        "' returns a float, whose adjoint must follow the "
                        "arguments",
                    "pass the seed of the result, e.g. 1.0, last");
      ReturnAdjoint =
          convertArgument(B, CB.getArgOperand(Next++), Fn->getReturnType());
      if (!ReturnAdjoint)
        return fail("the adjoint of the result of '" + Fn->getName() +
                    "' must be a float");
    }
    if (Next != CB.arg_size())
      return fail("too many arguments to '" + Callee + "': '" + Fn->getName() +
                  "' has " + Twine(Fn->arg_size()) + " parameters, and " +
                  Twine(CB.arg_size() - Next) + " argument(s) are left over");
    if (Kind == EntryKind::Augmented)
      return lowerAugmented();
    if (Kind == EntryKind::Reverse)
      return lowerReverse(ReturnAdjoint,
                          First == 1 ? CB.getArgOperand(0) : nullptr);
    if (Forward) {
      // A struct, array or vector of floats returns its tangent whole.
      Key.ReturnActive = isDifferentiableType(Fn->getReturnType());
      Function *T = nullptr;
      if (Width == 1) {
        T = E.tangentFunction(Key, true);
      } else {
        Expected<Function *> Wide = E.vectorTangentFunction(Key, Width);
        if (!Wide)
          return fail(toString(Wide.takeError()),
                      "differentiate one tangent per call (no enzyme_width), "
                      "or keep tangents out of the code named above");
        T = *Wide;
      }
      return deliverTangents(B.CreateCall(T, Args),
                             First == 1 ? CB.getArgOperand(0) : nullptr);
    }
    if (Key.ReturnActive)
      Args.push_back(ConstantFP::get(Fn->getReturnType(), 1.0));
    Function *G = E.combined(Key);
    Value *Grads = B.CreateCall(G, Args);
    return deliver(Grads, First == 1 ? CB.getArgOperand(0) : nullptr);
  }

  // enzyme_allocated SIZE, enzyme_tape PTR and enzyme_nofree, in any order,
  // before the function's arguments.
  Error readTapeMarkers(unsigned &Next, const std::string &Callee) {
    while (Next < CB.arg_size()) {
      std::optional<std::string> Name = markerName(CB.getArgOperand(Next));
      if (!Name || !is_contained(TapeMarkers, *Name))
        return Error::success();
      ++Next;
      if (*Name == "enzyme_nofree") {
        KeepTape = true;
        continue;
      }
      if (Next >= CB.arg_size())
        return fail("too few arguments to '" + Callee + "': " + *Name +
                    " is not followed by its value");
      Value *V = CB.getArgOperand(Next++);
      if (*Name == "enzyme_tape") {
        if (!V->getType()->isPointerTy())
          return fail("enzyme_tape must be followed by a pointer, not " +
                      typeName(V->getType()));
        TapeBuffer = V;
        continue;
      }
      auto *Size = dyn_cast<ConstantInt>(V);
      if (V->getType()->isIntegerTy() && Size &&
          Size->getZExtValue() < Tape::handleSize())
        return fail("the tape buffer of " + Twine(Size->getZExtValue()) +
                        " bytes is smaller than the " +
                        Twine(Tape::handleSize()) + " bytes a tape needs",
                    "allocate __enzyme_augmentsize(...) bytes");
      Allocated = true;
    }
    return Error::success();
  }

  // enzyme_width N (vector forward mode), right after the function: N
  // tangents per active argument, N tangents of the result.
  Error readWidth(unsigned &Next, const std::string &Callee, bool Forward) {
    std::optional<std::string> Name = Next < CB.arg_size()
                                          ? markerName(CB.getArgOperand(Next))
                                          : std::nullopt;
    if (!Name || *Name != "enzyme_width")
      return Error::success();
    if (!Forward)
      return fail("enzyme_width (vector mode) is supported by forward mode "
                  "only, not by '" +
                      Callee + "'",
                  "call __enzyme_fwddiff for several directional derivatives "
                  "at once");
    if (++Next >= CB.arg_size())
      return fail("too few arguments to '" + Callee +
                  "': enzyme_width is not followed by the width");
    auto *N = dyn_cast<ConstantInt>(CB.getArgOperand(Next++));
    if (!N || N->isZero() || N->getValue().ugt(MaxWidth))
      return fail("enzyme_width must be followed by a constant width from 1 "
                  "to " +
                  Twine(MaxWidth));
    Width = N->getZExtValue();
    return Error::success();
  }

  Error deliverTapeSize() {
    if (!CB.getType()->isIntegerTy())
      return fail("'" + displayName(entryPointName(CB)) +
                  "' must be declared returning an integer");
    CB.replaceAllUsesWith(ConstantInt::get(CB.getType(), Tape::handleSize()));
    return Error::success();
  }

  // The augmented forward runs with a tape of its own (a private chunked
  // tape, whose cursor is the tape handle): in the caller's buffer, or in a
  // heap handle the call returns.
  Error lowerAugmented() {
    Key.PrivateTape = true;
    Type *Ret = CB.getType();
    if (!TapeBuffer && !Ret->isPointerTy())
      return fail("without enzyme_tape, '" +
                      displayName(entryPointName(CB)) +
                      "' returns the tape and must be declared returning a "
                      "pointer",
                  "declare it `void *__enzyme_augmentfwd(void *, ...)`, or "
                  "pass enzyme_allocated SIZE, enzyme_tape BUFFER");
    Value *Handle = TapeBuffer;
    if (!Handle)
      Handle = B.CreateCall(mallocFunction(), {B.getInt64(Tape::handleSize())},
                            "qgrad.tape");
    E.tape().clearHandle(B, Handle);
    SplitGradient Split = E.split(Key);
    Args.push_back(Handle);
    Value *Primal = B.CreateCall(Split.Augmented, Args);
    if (!TapeBuffer) {
      CB.replaceAllUsesWith(B.CreatePointerCast(Handle, Ret));
      return Error::success();
    }
    if (Ret->isVoidTy())
      return Error::success();
    if (Ret->isFloatingPointTy() && Primal->getType()->isFloatingPointTy()) {
      CB.replaceAllUsesWith(convertFloat(B, Primal, Ret));
      return Error::success();
    }
    if (Ret == Primal->getType()) {
      CB.replaceAllUsesWith(Primal);
      return Error::success();
    }
    return fail("the call site expects " + typeName(Ret) + " but '" +
                Key.Fn->getName() + "' returns " + typeName(Primal->getType()));
  }

  // The reverse pops a copy of the tape's cursor, so that with enzyme_nofree
  // the same tape can be reversed again (with another seed); otherwise its
  // chunks, and a heap handle, are freed.
  Error lowerReverse(Value *ReturnAdjoint, Value *StructReturn) {
    if (!TapeBuffer)
      return fail("'" + displayName(entryPointName(CB)) +
                      "' needs the tape of an __enzyme_augmentfwd call",
                  "pass enzyme_tape followed by the tape (and "
                  "enzyme_allocated SIZE for a buffer of your own)");
    Key.PrivateTape = true;
    SplitGradient Split = E.split(Key);
    Value *Cursor = E.tape().copyHandle(B, TapeBuffer);
    if (ReturnAdjoint)
      Args.push_back(ReturnAdjoint);
    Args.push_back(Cursor);
    Value *Grads = B.CreateCall(Split.Reverse, Args);
    if (!KeepTape) {
      E.tape().freeHandle(B, TapeBuffer);
      if (!Allocated)
        B.CreateCall(freeFunction(), {TapeBuffer});
    }
    return deliver(Grads, StructReturn);
  }

  FunctionCallee mallocFunction() {
    return CB.getModule()->getOrInsertFunction(
        "malloc", FunctionType::get(B.getPtrTy(), {B.getInt64Ty()}, false));
  }

  FunctionCallee freeFunction() {
    return CB.getModule()->getOrInsertFunction(
        "free", FunctionType::get(B.getVoidTy(), {B.getPtrTy()}, false));
  }

  // Forward mode's result: the tangent of the return (one per lane in
  // vector mode), in the type the call site declares; zero when the
  // function returns no float.
  Error deliverTangents(Value *Result, Value *StructReturn) {
    SmallVector<Value *> Values;
    if (Key.ReturnActive) {
      SmallVector<Type *> Leaves;
      SmallVector<SmallVector<unsigned, 2>> Paths;
      floatLeaves(Key.Fn->getReturnType(), Leaves, Paths);
      for (unsigned Lane = 0; Lane < Width; ++Lane) {
        Value *Tangent = Width == 1 ? B.CreateExtractValue(Result, 1)
                                    : B.CreateExtractValue(Result, {1, Lane});
        for (ArrayRef<unsigned> Path : Paths)
          Values.push_back(extractLeaf(B, Tangent, Path));
      }
    }
    return deliverLeaves(
        Values, StructReturn, [&](Type *Target, unsigned Expected) {
          std::string Tangents =
              Width > 1 ? "the " + std::to_string(Width) + " tangents"
                        : std::string("the tangent");
          return fail("the call site expects a result of type " +
                          typeName(Target) + " (" + Twine(Expected) +
                          " float(s)), but " + Tangents +
                          " of the result of '" + Key.Fn->getName() + "' (" +
                          typeName(Key.Fn->getReturnType()) + ") hold " +
                          Twine(Values.size()) + " float(s)",
                      "declare the entry point returning the function's own "
                      "result type (one per lane with enzyme_width), or void");
        });
  }

  // Puts the gradients into the type the call site declares.
  Error deliver(Value *Grads, Value *StructReturn) {
    unsigned Count = Grads->getType()->isVoidTy()
                         ? 0
                         : Grads->getType()->getStructNumElements();
    SmallVector<Value *> Values;
    for (unsigned K = 0; K < Count; ++K)
      Values.push_back(B.CreateExtractValue(Grads, K));
    return deliverLeaves(
        Values, StructReturn, [&](Type *Target, unsigned Expected) {
          return fail("the call site expects " + Twine(Expected) +
                          " derivative(s) (return type " + typeName(Target) +
                          ") but '" + Key.Fn->getName() + "' has " +
                          Twine(Count) + " active (enzyme_out) argument(s)",
                      "declare the entry point with a return type that holds "
                      "one double per enzyme_out argument, or void");
        });
  }

  // Fills the float leaves of the call's declared result (or of its sret
  // buffer) with Values in order. With no value to give, the declared result
  // (often an ignored double) is zero: there is no derivative to return.
  Error deliverLeaves(ArrayRef<Value *> Values, Value *StructReturn,
                      function_ref<Error(Type *, unsigned)> Mismatch) {
    Type *Target = StructReturn ? CB.getParamStructRetType(0) : CB.getType();
    if (Target->isVoidTy())
      return Error::success();
    SmallVector<Type *> Leaves;
    SmallVector<SmallVector<unsigned, 2>> Paths;
    floatLeaves(Target, Leaves, Paths);
    if (Leaves.size() != Values.size() && !Values.empty())
      return Mismatch(Target, Leaves.size());
    Value *Result = Constant::getNullValue(Target);
    for (auto [K, V] : enumerate(Values))
      Result = insertLeaf(B, Result, Paths[K], convertFloat(B, V, Leaves[K]));
    if (StructReturn)
      B.CreateStore(Result, StructReturn);
    else
      CB.replaceAllUsesWith(Result);
    return Error::success();
  }

  CallBase &CB;
  GradientEngine &E;
  IRBuilder<> B;
  GradientKey Key;
  SmallVector<Value *> Args;
  EntryKind Kind = EntryKind::Combined;
  // Vector forward mode: tangents per active argument and of the result.
  unsigned Width = 1;
  static constexpr unsigned MaxWidth = 64;
  // Split mode: the tape handle's buffer, whether the caller allocated it,
  // and whether a reverse keeps it for another one.
  Value *TapeBuffer = nullptr;
  bool Allocated = false;
  bool KeepTape = false;
};

} // namespace

bool isEntryPointName(StringRef Name) {
  if (entryKind(Name))
    return true;
  return any_of(UnsupportedNames,
                [&](StringRef P) { return Name.contains(P); });
}

// Whether From's call graph reaches To (indirect calls are not followed).
static bool reaches(Function *From, Function *To) {
  SmallPtrSet<Function *, 16> Seen;
  SmallVector<Function *> Work{From};
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    if (F == To)
      return true;
    if (!F || F->isDeclaration() || !Seen.insert(F).second)
      continue;
    for (Instruction &I : instructions(*F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        Work.push_back(CB->getCalledFunction());
  }
  return false;
}

// Whether the entry call Outer differentiates a function that reaches the
// function the entry call Inner is in.
static bool differentiatesCallerOf(CallBase *Outer, CallBase *Inner) {
  return Outer != Inner &&
         reaches(differentiatedFunction(*Outer), Inner->getFunction());
}

// Whether Inner's gradient is differentiated again by an entry call of Calls.
static bool isNested(CallBase *Inner, ArrayRef<CallBase *> Calls) {
  return any_of(Calls, [&](CallBase *Outer) {
    return differentiatesCallerOf(Outer, Inner);
  });
}

// Nested derivatives: an entry call inside a function that another entry
// call differentiates (directly or through callees) must become a call of
// its gradient first, so that the outer gradient differentiates a defined
// function rather than the entry point. Orders Calls so that every call
// comes after those inside the functions it reaches; calls on a cycle keep
// their order.
static void orderInnerCallsFirst(SmallVectorImpl<CallBase *> &Calls) {
  SmallVector<CallBase *> Ordered, Pending(Calls.begin(), Calls.end());
  while (!Pending.empty()) {
    auto Ready = find_if(Pending, [&](CallBase *Outer) {
      return none_of(Pending, [&](CallBase *Inner) {
        return differentiatesCallerOf(Outer, Inner);
      });
    });
    if (Ready == Pending.end())
      Ready = Pending.begin();
    Ordered.push_back(*Ready);
    Pending.erase(Ready);
  }
  Calls.assign(Ordered.begin(), Ordered.end());
}

void lowerEntryPoints(Module &M, GradientEngine &E) {
  SmallVector<CallBase *> Calls;
  for (Function &F : M) {
    if (!F.isDeclaration() || !isEntryPointName(F.getName()))
      continue;
    for (User *U : F.users())
      if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledOperand() == &F)
        Calls.push_back(CB);
  }
  SmallPtrSet<CallBase *, 8> Nested;
  for (CallBase *CB : Calls)
    if (isNested(CB, Calls))
      Nested.insert(CB);
  orderInnerCallsFirst(Calls);
  for (CallBase *CB : Calls) {
    StringRef Name = entryPointName(*CB);
    if (!entryKind(Name)) {
      E.diagnostics().add(makeError(
          CB->getFunction(), CB,
          "'" + displayName(Name) +
              "' is not supported yet; only combined reverse mode "
              "(__enzyme_autodiff*), forward mode (__enzyme_fwddiff*) and "
              "split mode (__enzyme_augmentfwd*, __enzyme_reverse*) are",
          "call __enzyme_autodiff for a gradient, __enzyme_fwddiff for a "
          "directional derivative"));
      eraseEntryCall(*CB);
      continue;
    }
    CallLowering(*CB, E, Nested.contains(CB)).run();
  }
}

void removeMarkers(Module &M) {
  for (GlobalVariable &G : make_early_inc_range(M.globals())) {
    // Most globals of a C++ module are mangled; demangle only candidates.
    if (!G.getName().contains("enzyme_") || !findMarker(baseName(G)))
      continue;
    for (User *U : make_early_inc_range(G.users()))
      if (auto *LI = dyn_cast<LoadInst>(U)) {
        LI->replaceAllUsesWith(Constant::getNullValue(LI->getType()));
        LI->eraseFromParent();
      }
    if (!G.use_empty())
      G.replaceAllUsesWith(ConstantPointerNull::get(G.getType()));
    if (G.isDeclaration())
      G.eraseFromParent();
  }
  for (Function &F : make_early_inc_range(M))
    if (F.isDeclaration() && isEntryPointName(F.getName()) && F.use_empty())
      F.eraseFromParent();
}

} // namespace qgrad::ad
