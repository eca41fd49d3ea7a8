//===- ADFuzzer.cpp - fuzz-ad: the AD engine on fuzzed programs -----------===//
//
// Two kinds of input, told apart by the first byte:
//  - 'I' then LLVM IR (text or bitcode): a module that parses and verifies
//    goes through the engine's pipeline (O2 simplification, AD) on every
//    __enzyme_* call in it. The engine must succeed with a module that
//    verifies, or fail with a message; never crash or hang.
//  - anything else: the bytes drive RandomProgram's generator. Besides the
//    above, a program that calls an unknown function on an active value
//    must be refused, and otherwise the gradient is run (ORC JIT) and must
//    agree with forward mode along a random direction and, where the
//    objective is smooth enough for them, with central differences.
//
//===----------------------------------------------------------------------===//

#include "RandomProgram.h"

#include "qgrad/AD/Pipeline.h"
#include "qgrad/Support/InputGuards.h"

#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

using namespace llvm;
using namespace qgrad::fuzz;

namespace {

[[noreturn]] void reportFinding(const Twine &what) {
  errs() << "fuzz-ad: finding: " << what << "\n";
  std::abort();
}

/// Runs the engine's pipeline as clang's plugin does (the O2 run after AD
/// is LLVM's own and is left out). Returns whether it succeeded.
bool differentiate(Module &module) {
  qgrad::ad::PipelineOptions options;
  options.PostOptimize = false;
  if (Error error = qgrad::ad::runPipeline(module, options)) {
    std::string message = toString(std::move(error));
    if (message.empty())
      reportFinding("the engine failed without a message");
    return false;
  }
  std::string problems;
  raw_string_ostream problemStream(problems);
  if (verifyModule(module, &problemStream))
    reportFinding("the engine produced invalid IR:\n" + problems);
  return true;
}

void fuzzIR(const uint8_t *bytes, size_t size) {
  StringRef text(reinterpret_cast<const char *>(bytes), size);
  // qgrad-ad refuses text nested deeper than LLVM's parser's stack can take.
  if (qgrad::findExcessiveNesting(text, ";"))
    return;
  LLVMContext context;
  SMDiagnostic error;
  // A copy: LLVM's IR lexer reads up to a terminating NUL, which the
  // fuzzer's bytes lack (as a file read by qgrad-ad has one).
  std::unique_ptr<MemoryBuffer> buffer =
      MemoryBuffer::getMemBufferCopy(text, "input.ll");
  std::unique_ptr<Module> module = parseIR(*buffer, error, context);
  if (!module || verifyModule(*module))
    return;
  differentiate(*module);
}

using Objective = double (*)(const double *);
using Gradient = void (*)(const double *, double *);
using Tangent = double (*)(const double *, const double *);

struct Compiled {
  std::unique_ptr<orc::LLJIT> jit;
  Objective objective;
  Gradient gradient;
  Tangent tangent;
};

Compiled compile(std::unique_ptr<Module> module,
                 std::unique_ptr<LLVMContext> context) {
  auto jit = orc::LLJITBuilder().create();
  if (!jit)
    reportFinding("cannot create the JIT: " + toString(jit.takeError()));
  char prefix = (*jit)->getDataLayout().getGlobalPrefix();
  auto generator =
      orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(prefix);
  if (!generator)
    reportFinding("cannot search the process: " +
                  toString(generator.takeError()));
  (*jit)->getMainJITDylib().addGenerator(std::move(*generator));
  if (Error error = (*jit)->addIRModule(
          orc::ThreadSafeModule(std::move(module), std::move(context))))
    reportFinding("the JIT refused the module: " + toString(std::move(error)));
  auto lookup = [&](const char *name) {
    auto address = (*jit)->lookup(name);
    if (!address)
      reportFinding(Twine("cannot find ") + name + ": " +
                    toString(address.takeError()));
    return address->getValue();
  };
  Compiled compiled;
  compiled.objective = reinterpret_cast<Objective>(lookup(kObjectiveName));
  compiled.gradient = reinterpret_cast<Gradient>(lookup(kGradientName));
  compiled.tangent = reinterpret_cast<Tangent>(lookup(kTangentName));
  compiled.jit = std::move(*jit);
  return compiled;
}

std::string formatNumber(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.17g", value);
  return text;
}

bool allFinite(const std::vector<double> &values) {
  for (double value : values)
    if (!std::isfinite(value))
      return false;
  return true;
}

/// The checks on one generated program at one point x along direction t.
void checkDerivatives(const Compiled &compiled, std::vector<double> x,
                      const std::vector<double> &direction) {
  size_t n = x.size();
  double value = compiled.objective(x.data());
  std::vector<double> gradient(n, 0.0);
  compiled.gradient(x.data(), gradient.data());
  double tangent = compiled.tangent(x.data(), direction.data());
  // Huge or non-finite values make every comparison meaningless.
  if (!std::isfinite(value) || std::fabs(value) > 1e8 || !allFinite(gradient) ||
      !std::isfinite(tangent))
    return;
  double projected = 0, scale = std::fabs(tangent);
  for (size_t i = 0; i < n; ++i) {
    projected += gradient[i] * direction[i];
    scale += std::fabs(gradient[i] * direction[i]);
  }
  // Reverse and forward mode compute the same sums in other orders.
  if (std::fabs(projected - tangent) > 1e-9 * scale + 1e-12)
    reportFinding("reverse mode and forward mode disagree: grad . t = " +
                  formatNumber(projected) + ", tangent = " +
                  formatNumber(tangent));
  // Central differences along t are the reference only where the
  // objective is smooth: the one-sided differences on either side must
  // agree (a kink, such as a select or a branch switching at x, makes them
  // differ while the central ones still agree), and so must the central
  // ones at two steps (a data-dependent exit crossed nearby).
  auto at = [&](double step) {
    std::vector<double> point = x;
    for (size_t i = 0; i < n; ++i)
      point[i] = x[i] + step * direction[i];
    return compiled.objective(point.data());
  };
  auto along = [&](double step) {
    return (at(step) - at(-step)) / (2 * step);
  };
  double coarse = along(1e-4), fine = along(5e-5);
  double right = (at(1e-6) - value) / 1e-6, left = (value - at(-1e-6)) / 1e-6;
  double tolerance = 1e-5 * (1 + std::fabs(fine) + scale);
  if (!std::isfinite(coarse) || !std::isfinite(fine) ||
      std::fabs(coarse - fine) > tolerance ||
      std::fabs(right - left) > 1e-3 * (1 + std::fabs(fine)))
    return;
  if (std::fabs(tangent - fine) > 10 * tolerance) {
    for (size_t i = 0; i < n; ++i)
      errs() << "x[" << i << "] = " << formatNumber(x[i]) << ", t[" << i
             << "] = " << formatNumber(direction[i]) << "\n";
    for (double step = 1e-2; step > 1e-8; step /= 10)
      errs() << "central difference, step " << formatNumber(step) << ": "
             << formatNumber(along(step)) << "\n";
    reportFinding("the derivative disagrees with central differences: " +
                  formatNumber(tangent) + " against " + formatNumber(fine));
  }
}

void fuzzGeneratedProgram(const uint8_t *bytes, size_t size) {
  FuzzedDataProvider data(bytes, size);
  auto context = std::make_unique<LLVMContext>();
  RandomProgram program = buildRandomProgram(data, *context);
  std::string problems;
  raw_string_ostream problemStream(problems);
  if (verifyModule(*program.module, &problemStream))
    reportFinding("the generator built invalid IR:\n" + problems);
  // To read a finding's program: QGRAD_FUZZ_PRINT=1 fuzz-ad REPRODUCER.
  if (std::getenv("QGRAD_FUZZ_PRINT"))
    program.module->print(errs(), nullptr);
  if (!differentiate(*program.module)) {
    if (program.callsUnknownFunction)
      return;
    reportFinding("the engine refused a program it supports");
  }
  if (program.callsUnknownFunction)
    reportFinding("a gradient through an unknown function (no silent zero)");
  std::vector<double> x(program.numInputs), direction(program.numInputs);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = data.ConsumeIntegralInRange<int>(-200, 200) / 100.0;
    direction[i] = data.ConsumeIntegralInRange<int>(-100, 100) / 100.0;
  }
  Compiled compiled = compile(std::move(program.module), std::move(context));
  checkDerivatives(compiled, x, direction);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
  if (size > 0 && bytes[0] == 'I')
    fuzzIR(bytes + 1, size - 1);
  else
    fuzzGeneratedProgram(bytes, size);
  return 0;
}
