//===- Registration.cpp - User registrations and built-ins ----------------===//

#include "qgrad/AD/Registration.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace qgrad::ad {
namespace {

constexpr StringRef GradientPrefix = "__enzyme_register_gradient";
constexpr StringRef InactivePrefix = "__enzyme_inactivefn";
constexpr StringRef FunctionLikePrefix = "__enzyme_function_like";
constexpr StringRef AllocationLikePrefix = "__enzyme_allocation_like";
constexpr StringRef InactiveGlobalPrefix = "__enzyme_inactive_global";
constexpr StringRef DerivativePrefix = "__enzyme_register_derivative";

// Library functions that never carry derivatives: output, process control,
// time, random numbers, and the qgrad runtime's bookkeeping entry points.
constexpr StringRef BuiltinInactiveNames[] = {
    "printf",        "puts",
    "fprintf",       "putchar",
    "fputs",         "fputc",
    "fflush",        "sprintf",
    "snprintf",      "fwrite",
    "perror",        "abort",
    "exit",          "_exit",
    "__assert_fail", "rand",
    "srand",         "random",
    "srandom",       "drand48",
    "time",          "clock",
    "clock_gettime", "gettimeofday",
    "getenv",        "malloc_usable_size",
    "strlen",        "strcmp",
    "strncmp",       "atoi",
    "atof",          "__cxa_atexit"};

constexpr StringRef BuiltinInactivePrefixes[] = {"__qgrad_rt_", "qgrad_rt_",
                                                 "__quantum__rt__"};

// Runtime entry points whose results depend on gate parameters: they are
// differentiable and need a registered gradient, so they stay out of the
// inactive list (an active argument without a rule is an error, not a zero).
constexpr StringRef DifferentiableRuntimeSuffixes[] = {
    "apply", "expval", "var", "probs", "state", "adjoint_jacobian"};

// The elements of a registration global's initializer, pointer casts removed.
SmallVector<Constant *> elementsOf(GlobalVariable &G) {
  SmallVector<Constant *> Elements;
  if (!G.hasInitializer())
    return Elements;
  Constant *Init = G.getInitializer();
  if (isa<ConstantArray, ConstantStruct>(Init)) {
    for (Use &Op : Init->operands())
      Elements.push_back(cast<Constant>(Op.get()));
  } else if (isa<ConstantAggregateZero>(Init)) {
    return Elements;
  } else {
    Elements.push_back(Init);
  }
  return Elements;
}

Function *functionOf(Constant *C) {
  return C ? dyn_cast<Function>(C->stripPointerCasts()) : nullptr;
}

std::string stringOf(Constant *C) {
  auto *G = C ? dyn_cast<GlobalVariable>(C->stripPointerCasts()) : nullptr;
  if (!G || !G->hasInitializer())
    return "";
  auto *Data = dyn_cast<ConstantDataSequential>(G->getInitializer());
  if (!Data || !Data->isCString())
    return "";
  return Data->getAsCString().str();
}

// Integers smuggled through void*: null, or inttoptr of a constant.
std::optional<uint64_t> integerOf(Constant *C) {
  if (!C || C->isNullValue())
    return 0;
  if (auto *CI = dyn_cast<ConstantInt>(C))
    return CI->getZExtValue();
  if (auto *CE = dyn_cast<ConstantExpr>(C))
    if (CE->getOpcode() == Instruction::IntToPtr)
      if (auto *CI = dyn_cast<ConstantInt>(CE->getOperand(0)))
        return CI->getZExtValue();
  return std::nullopt;
}

// One entry of llvm.global.annotations: {target, text, file, line, args}.
struct AnnotationEntry {
  GlobalValue *Target = nullptr;
  std::string Text, File;
  unsigned Line = 0;
};

SmallVector<AnnotationEntry> annotationEntries(Module &M) {
  SmallVector<AnnotationEntry> Entries;
  GlobalVariable *Table = M.getNamedGlobal("llvm.global.annotations");
  if (!Table || !Table->hasInitializer())
    return Entries;
  auto *Array = dyn_cast<ConstantArray>(Table->getInitializer());
  if (!Array)
    return Entries;
  for (Use &Op : Array->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(Op.get());
    if (!Entry || Entry->getNumOperands() < 4)
      continue;
    AnnotationEntry E;
    E.Target = dyn_cast<GlobalValue>(Entry->getOperand(0)->stripPointerCasts());
    E.Text = stringOf(Entry->getOperand(1));
    E.File = stringOf(Entry->getOperand(2));
    if (auto *Line = dyn_cast<ConstantInt>(Entry->getOperand(3)))
      E.Line = Line->getZExtValue();
    if (E.Target)
      Entries.push_back(std::move(E));
  }
  return Entries;
}

const EnzymeAnnotation *findAnnotation(StringRef Name) {
  for (const EnzymeAnnotation &A : EnzymeAnnotations)
    if (A.Name == Name)
      return &A;
  return nullptr;
}

Error annotationError(const AnnotationEntry &E, const Twine &What,
                      const Twine &Hint) {
  std::string Where =
      E.File.empty() ? std::string() : E.File + ":" + std::to_string(E.Line);
  return makeError(nullptr, nullptr, (Where.empty() ? "" : Where + ": ") + What,
                   Hint);
}

Error malformed(GlobalVariable &G, StringRef Expected) {
  return makeError(nullptr, nullptr,
                   "malformed registration global '" + G.getName() +
                       "': expected " + Expected);
}

} // namespace

bool isRegistrationGlobal(StringRef Name) {
  return Name.starts_with(GradientPrefix) || Name.starts_with(InactivePrefix) ||
         Name.starts_with(FunctionLikePrefix) ||
         Name.starts_with(AllocationLikePrefix) ||
         Name.starts_with(InactiveGlobalPrefix) ||
         Name.starts_with(DerivativePrefix);
}

bool Registry::isBuiltinInactive(StringRef Name) {
  for (StringRef Known : BuiltinInactiveNames)
    if (Name == Known)
      return true;
  for (StringRef Prefix : BuiltinInactivePrefixes) {
    if (!Name.starts_with(Prefix))
      continue;
    StringRef Rest = Name.drop_front(Prefix.size());
    return none_of(DifferentiableRuntimeSuffixes,
                   [&](StringRef Suffix) { return Rest.starts_with(Suffix); });
  }
  return false;
}

// An Enzyme annotation the engine does not know may change what the user
// expects of a derivative, so it is an error rather than ignored; annotations
// of other tools (not enzyme_*) are none of the engine's business.
void Registry::collectAnnotations(Module &M, DiagnosticCollector &Diags) {
  for (const AnnotationEntry &E : annotationEntries(M)) {
    StringRef Text = E.Text;
    if (!Text.starts_with("enzyme_"))
      continue;
    auto [Name, Argument] = Text.split('=');
    const EnzymeAnnotation *A = findAnnotation(Name);
    std::string On = "'" + E.Target->getName().str() + "'";
    if (!A) {
      Diags.add(annotationError(
          E, "unsupported Enzyme annotation '" + Text + "' on " + On,
          "supported: enzyme_inactive, enzyme_inactive_noblock, "
          "enzyme_function_like(\"name\") and the hints enzyme_nofree, "
          "enzyme_shouldrecompute, enzyme_elementwise_read, "
          "enzyme_sparse_accumulate, enzyme_notypeanalysis"));
      continue;
    }
    auto *Fn = dyn_cast<Function>(E.Target);
    auto *G = dyn_cast<GlobalVariable>(E.Target);
    if (!Fn && !(G && A->OnGlobals)) {
      Diags.add(annotationError(E, "'" + Name + "' does not apply to " + On,
                                A->OnGlobals ? "put it on a function or a "
                                               "global variable"
                                             : "put it on a function"));
      continue;
    }
    switch (A->Meaning) {
    case AnnotationMeaning::Inactive:
      if (Fn)
        Inactive[Fn] = true;
      else
        InactiveGlobals.insert(G);
      break;
    case AnnotationMeaning::FunctionLike:
      if (Argument.empty()) {
        Diags.add(annotationError(
            E, "'enzyme_function_like' on " + On + " names no function",
            "write enzyme_function_like(\"exp\") with a libm name or "
            "\"free\""));
        break;
      }
      Like[Fn] = Argument.str();
      break;
    case AnnotationMeaning::Hint:
      break;
    }
  }
}

Registry Registry::collect(Module &M, DiagnosticCollector &Diags) {
  Registry R;
  R.collectAnnotations(M, Diags);
  for (GlobalVariable &G : M.globals()) {
    StringRef Name = G.getName();
    if (!isRegistrationGlobal(Name))
      continue;
    SmallVector<Constant *> E = elementsOf(G);
    if (Name.starts_with(GradientPrefix)) {
      Function *Fn = E.size() == 3 ? functionOf(E[0]) : nullptr;
      Function *Aug = E.size() == 3 ? functionOf(E[1]) : nullptr;
      Function *Rev = E.size() == 3 ? functionOf(E[2]) : nullptr;
      if (!Fn || !Aug || !Rev) {
        Diags.add(malformed(G, "{function, augmented forward, reverse}"));
        continue;
      }
      R.Custom[Fn] = {Aug, Rev};
    } else if (Name.starts_with(InactivePrefix)) {
      for (Constant *C : E)
        if (Function *Fn = functionOf(C))
          R.Inactive[Fn] = true;
    } else if (Name.starts_with(DerivativePrefix)) {
      Function *Fn = E.size() == 2 ? functionOf(E[0]) : nullptr;
      Function *Forward = E.size() == 2 ? functionOf(E[1]) : nullptr;
      if (!Fn || !Forward) {
        Diags.add(malformed(G, "{function, forward derivative}"));
        continue;
      }
      R.Derivatives[Fn] = Forward;
    } else if (Name.starts_with(InactiveGlobalPrefix)) {
      for (Constant *C : E)
        if (auto *Global = dyn_cast<GlobalVariable>(C->stripPointerCasts()))
          R.InactiveGlobals.insert(Global);
    } else if (Name.starts_with(FunctionLikePrefix)) {
      Function *Fn = E.size() == 2 ? functionOf(E[0]) : nullptr;
      std::string Like = E.size() == 2 ? stringOf(E[1]) : "";
      if (!Fn || Like.empty()) {
        Diags.add(malformed(G, "{function, \"name\"}"));
        continue;
      }
      R.Like[Fn] = Like;
    } else {
      Function *Alloc = E.size() == 4 ? functionOf(E[0]) : nullptr;
      std::optional<uint64_t> SizeArg =
          E.size() == 4 ? integerOf(E[1]) : std::nullopt;
      Function *Free = E.size() == 4 ? functionOf(E[3]) : nullptr;
      if (!Alloc || !SizeArg || *SizeArg >= Alloc->arg_size()) {
        Diags.add(malformed(
            G, "{allocator, size-argument index, \"dealloc spec\", free}"));
        continue;
      }
      R.Allocators[Alloc] = {static_cast<unsigned>(*SizeArg), Free};
    }
  }
  return R;
}

bool Registry::isInactive(const Function &F) const {
  return Inactive.count(&F) || isBuiltinInactive(F.getName());
}

bool Registry::isInactiveGlobal(const Value *Object) const {
  auto *G = dyn_cast_or_null<GlobalVariable>(Object);
  return G && InactiveGlobals.contains(G);
}

Function *Registry::forwardDerivative(const Function &F) const {
  return Derivatives.lookup(&F);
}

const CustomGradient *Registry::customGradient(const Function &F) const {
  auto It = Custom.find(&F);
  return It == Custom.end() ? nullptr : &It->second;
}

StringRef Registry::functionLike(const Function &F) const {
  auto It = Like.find(&F);
  return It == Like.end() ? StringRef() : StringRef(It->second);
}

const AllocationLike *Registry::allocationLike(const Function &F) const {
  auto It = Allocators.find(&F);
  return It == Allocators.end() ? nullptr : &It->second;
}

// Loads and stores of G, also through GEPs and casts of its address.
static bool makeAccessesVolatile(Value *Address) {
  bool Changed = false;
  for (User *U : Address->users()) {
    if (auto *LI = dyn_cast<LoadInst>(U); LI && !LI->isVolatile()) {
      LI->setVolatile(true);
      Changed = true;
    } else if (auto *SI = dyn_cast<StoreInst>(U);
               SI && SI->getPointerOperand() == Address && !SI->isVolatile()) {
      SI->setVolatile(true);
      Changed = true;
    } else if (isa<GEPOperator, BitCastOperator>(U)) {
      Changed |= makeAccessesVolatile(U);
    }
  }
  return Changed;
}

bool protectRegisteredFunctions(Module &M) {
  bool Changed = false;
  auto Protect = [&](Function *Fn) {
    if (!Fn || Fn->isDeclaration() || Fn->hasFnAttribute(Attribute::NoInline))
      return;
    Fn->removeFnAttr(Attribute::AlwaysInline);
    Fn->addFnAttr(Attribute::NoInline);
    Changed = true;
  };
  for (GlobalVariable &G : M.globals())
    if (isRegistrationGlobal(G.getName()))
      for (Constant *C : elementsOf(G))
        Protect(functionOf(C));
  for (const AnnotationEntry &E : annotationEntries(M))
    if (const EnzymeAnnotation *A =
            findAnnotation(StringRef(E.Text).split('=').first);
        A && A->Meaning != AnnotationMeaning::Hint)
      Protect(dyn_cast<Function>(E.Target));
  // The optimiser would forward a value stored into an inactive global to
  // the loads that read it back, and the derivative the registration drops
  // would flow after all (at -O1 and up, not at -O0).
  DiagnosticCollector Ignored; // reported again when the AD pass runs
  Registry R = Registry::collect(M, Ignored);
  consumeError(Ignored.take());
  for (const GlobalVariable *G : R.InactiveGlobals)
    Changed |= makeAccessesVolatile(const_cast<GlobalVariable *>(G));
  return Changed;
}

} // namespace qgrad::ad
