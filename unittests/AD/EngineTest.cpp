//===- EngineTest.cpp - The AD engine in process --------------------------===//

#include "qgrad/AD/Engine.h"
#include "qgrad/AD/Registration.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <string>

using namespace llvm;

namespace {

std::unique_ptr<Module> parse(LLVMContext &Ctx, const char *IR) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(IR, Err, Ctx);
  EXPECT_TRUE(M) << Err.getMessage().str();
  return M;
}

std::string errorText(Error E) {
  std::string Text;
  handleAllErrors(std::move(E), [&](const ErrorInfoBase &Info) {
    Text += Info.message() + "\n";
  });
  return Text;
}

unsigned countFunctions(const Module &M, StringRef Prefix) {
  unsigned N = 0;
  for (const Function &F : M)
    N += F.getName().starts_with(Prefix);
  return N;
}

// A module with Body and a function g that differentiates @f at x.
std::unique_ptr<Module> withCaller(LLVMContext &Ctx, const std::string &Body) {
  std::string IR = Body + R"(
declare double @__enzyme_autodiff(ptr, ...)
define double @g(double %x) {
  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double %x)
  ret double %r
}
)";
  return parse(Ctx, IR.c_str());
}

constexpr const char *Square = R"(
define internal double @sq(double %x) {
  %y = fmul double %x, %x
  ret double %y
}
declare double @__enzyme_autodiff(ptr, ...)
define double @a(double %x) {
  %g = call double (ptr, ...) @__enzyme_autodiff(ptr @sq, double %x)
  ret double %g
}
define double @b(double %x) {
  %g = call double (ptr, ...) @__enzyme_autodiff(ptr @sq, double %x)
  ret double %g
}
)";

TEST(ADEngine, NeedsADOnlyWithEntryPoints) {
  LLVMContext Ctx;
  auto M = parse(Ctx, "define double @f(double %x) { ret double %x }");
  EXPECT_FALSE(qgrad::ad::moduleNeedsAD(*M));
  auto N = parse(Ctx, Square);
  EXPECT_TRUE(qgrad::ad::moduleNeedsAD(*N));
}

TEST(ADEngine, GradientsAreMemoized) {
  LLVMContext Ctx;
  auto M = parse(Ctx, Square);
  ASSERT_FALSE(qgrad::ad::differentiateModule(*M));
  EXPECT_EQ(countFunctions(*M, "__qgrad_grad_sq"), 1u);
  EXPECT_FALSE(qgrad::ad::moduleNeedsAD(*M));
  EXPECT_EQ(M->getFunction("__enzyme_autodiff"), nullptr);
  EXPECT_FALSE(verifyModule(*M, &errs()));
}

TEST(ADEngine, CalleesAreSplitOnce) {
  LLVMContext Ctx;
  auto M = withCaller(Ctx, R"(
define internal double @inner(double %x) {
  %y = call double @llvm.sin.f64(double %x)
  ret double %y
}
define internal double @f(double %x) {
  %a = call double @inner(double %x)
  %b = call double @inner(double %a)
  ret double %b
}
declare double @llvm.sin.f64(double)
)");
  ASSERT_FALSE(qgrad::ad::differentiateModule(*M));
  EXPECT_EQ(countFunctions(*M, "__qgrad_aug_inner"), 1u);
  EXPECT_EQ(countFunctions(*M, "__qgrad_rev_inner"), 1u);
  EXPECT_FALSE(verifyModule(*M, &errs()));
}

TEST(ADEngine, UnknownExternalIsAnErrorAndTheModuleStaysValid) {
  LLVMContext Ctx;
  auto M = withCaller(Ctx, R"(
declare double @mystery(double)
define internal double @f(double %x) {
  %y = call double @mystery(double %x)
  ret double %y
}
)");
  std::string Text = errorText(qgrad::ad::differentiateModule(*M));
  EXPECT_NE(Text.find("in function 'f': call to unknown external function "
                      "'mystery' with an active argument"),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("__enzyme_register_gradient_mystery"), std::string::npos);
  EXPECT_FALSE(verifyModule(*M, &errs()));
}

TEST(ADEngine, ArgumentCountErrorsNameTheCallee) {
  LLVMContext Ctx;
  auto M = withCaller(Ctx, R"(
define internal double @f(double %x, ptr %p) {
  ret double %x
}
)");
  std::string Text = errorText(qgrad::ad::differentiateModule(*M));
  EXPECT_NE(Text.find("too few arguments to '__enzyme_autodiff': 'f' has 2 "
                      "parameters"),
            std::string::npos)
      << Text;
  EXPECT_FALSE(verifyModule(*M, &errs()));
}

TEST(ADRegistry, BuiltinInactiveFunctions) {
  using qgrad::ad::Registry;
  EXPECT_TRUE(Registry::isBuiltinInactive("printf"));
  EXPECT_TRUE(Registry::isBuiltinInactive("qgrad_rt_allocate"));
  EXPECT_TRUE(Registry::isBuiltinInactive("qgrad_rt_measure"));
  EXPECT_FALSE(Registry::isBuiltinInactive("qgrad_rt_expval"));
  EXPECT_FALSE(Registry::isBuiltinInactive("qgrad_rt_apply"));
  EXPECT_FALSE(Registry::isBuiltinInactive("sin"));
}

} // namespace
