//===- Registration.cpp - User registrations and built-ins ----------------===//

#include "qgrad/AD/Registration.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace qgrad::ad {
namespace {

constexpr StringRef GradientPrefix = "__enzyme_register_gradient";
constexpr StringRef InactivePrefix = "__enzyme_inactivefn";
constexpr StringRef FunctionLikePrefix = "__enzyme_function_like";
constexpr StringRef AllocationLikePrefix = "__enzyme_allocation_like";

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

Error malformed(GlobalVariable &G, StringRef Expected) {
  return makeError(nullptr, nullptr,
                   "malformed registration global '" + G.getName() +
                       "': expected " + Expected);
}

} // namespace

bool isRegistrationGlobal(StringRef Name) {
  return Name.starts_with(GradientPrefix) || Name.starts_with(InactivePrefix) ||
         Name.starts_with(FunctionLikePrefix) ||
         Name.starts_with(AllocationLikePrefix);
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

Registry Registry::collect(Module &M, DiagnosticCollector &Diags) {
  Registry R;
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

bool protectRegisteredFunctions(Module &M) {
  bool Changed = false;
  for (GlobalVariable &G : M.globals()) {
    if (!isRegistrationGlobal(G.getName()))
      continue;
    for (Constant *C : elementsOf(G)) {
      Function *Fn = functionOf(C);
      if (!Fn || Fn->isDeclaration() || Fn->hasFnAttribute(Attribute::NoInline))
        continue;
      Fn->removeFnAttr(Attribute::AlwaysInline);
      Fn->addFnAttr(Attribute::NoInline);
      Changed = true;
    }
  }
  return Changed;
}

} // namespace qgrad::ad
