//===- Driver.cpp - The qgrad command --------------------------------------===//
//
// Runs the stages of Pipeline.h in order, timing each, writing intermediate
// forms on request, and then either JIT-runs the entry point or writes a
// shared library. Every failure ends here as one message and an exit status.
//
//===----------------------------------------------------------------------===//

#include "qgrad/Driver/Driver.h"

#include "qgrad/Driver/ArgumentParser.h"
#include "qgrad/Driver/EntryPoint.h"
#include "qgrad/Driver/Jit.h"
#include "qgrad/Driver/Options.h"
#include "qgrad/Driver/Pipeline.h"
#include "qgrad/Driver/ResultPrinter.h"
#include "qgrad/Driver/SharedLibrary.h"
#include "qgrad/Support/InputGuards.h"
#include "qgrad/Support/Version.h"
#include "qgrad/AD/Engine.h"
#include "qgrad/AD/Pipeline.h"
#include "qgrad/AD/Registration.h"
#include "qgrad_rt.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace qgrad::driver;

namespace {

/// Carries a failure with the exit status it deserves to the top.
struct Failure {
  int status;
};

class DriverSession {
public:
  explicit DriverSession(DriverOptions options)
      : options(std::move(options)) {}

  int run();

private:
  DriverOptions options;
  StageTimer timer;

  int fail(llvm::Error error, int status = kInputError) {
    llvm::errs() << "qgrad: error: " << llvm::toString(std::move(error))
                 << "\n";
    return status;
  }

  /// Writes one intermediate form when --keep-intermediate is given.
  llvm::Error keep(llvm::StringRef fileName,
                   llvm::function_ref<void(llvm::raw_ostream &)> print);

  /// Prints `print`'s output to stdout when --emit selects `kind`.
  bool emitIfRequested(EmitKind kind,
                       llvm::function_ref<void(llvm::raw_ostream &)> print) {
    if (options.emit != kind)
      return false;
    print(llvm::outs());
    return true;
  }

  llvm::Expected<std::vector<HostValue>>
  bindArguments(const EntrySignature &signature);

  /// The LLVM optimisation stages. A module that calls __enzyme_autodiff
  /// is optimised before AD (pre_ad_opt), differentiated (ad) and optimised
  /// again (post_ad_opt); any other module gets one `optimize` stage.
  llvm::Error optimizeAndDifferentiate(llvm::Module &module,
                                       llvm::TargetMachine &machine);
  void reportTimings(const std::vector<HostValue> &results,
                     std::optional<uint64_t> codeBytes = std::nullopt);
};

llvm::Error
DriverSession::keep(llvm::StringRef fileName,
                    llvm::function_ref<void(llvm::raw_ostream &)> print) {
  return writeIntermediate(options.keepIntermediateDir, fileName, print);
}

llvm::Expected<std::vector<HostValue>>
DriverSession::bindArguments(const EntrySignature &signature) {
  if (options.arguments.size() != signature.inputs.size())
    return llvm::createStringError(llvm::formatv(
        "entry function '{0}' takes {1} argument(s), {2} given",
        signature.name, signature.inputs.size(), options.arguments.size()));
  std::vector<HostValue> values;
  for (auto [index, text] : llvm::enumerate(options.arguments)) {
    auto value = parseArgument(text, signature.inputs[index], index);
    if (!value)
      return value.takeError();
    values.push_back(std::move(*value));
  }
  return values;
}

void DriverSession::reportTimings(const std::vector<HostValue> &results,
                                  std::optional<uint64_t> codeBytes) {
  if (options.mpi && qgrad_rt_mpi_rank() != 0)
    return; // every rank computed the same results: rank 0 prints them
  if (options.json)
    printJSONReport(llvm::outs(), results, timer.getStages(), codeBytes,
                    timer.getCPUStages());
  else
    for (const HostValue &result : results)
      llvm::outs() << formatValue(result) << "\n";
  if (options.timeStages) {
    double total = 0;
    for (const auto &[stage, ms] : timer.getStages()) {
      llvm::errs() << llvm::formatv("{0,-14} {1,10:f3} ms\n", stage, ms);
      total += ms;
    }
    llvm::errs() << llvm::formatv("{0,-14} {1,10:f3} ms\n", "total", total);
  }
}

llvm::Error
DriverSession::optimizeAndDifferentiate(llvm::Module &module,
                                        llvm::TargetMachine &machine) {
  if (!options.alwaysRunADStages && !qgrad::ad::moduleNeedsAD(module)) {
    timer.time("optimize",
               [&] { optimizeModule(module, machine, options.optLevel); });
    return llvm::Error::success();
  }
  // Skipped stages still get their key (0 ms), so reports of different
  // configurations have the same columns.
  if (llvm::Error err = timer.time("pre_ad_opt", [&]() -> llvm::Error {
        if (!options.preADOpt)
          return llvm::Error::success();
        if (options.preADPasses.empty()) {
          qgrad::ad::runPreOptimization(module, &machine);
          return llvm::Error::success();
        }
        // As runPreOptimization does: registered functions must survive
        // inlining for their registration to apply.
        qgrad::ad::protectRegisteredFunctions(module);
        return runPassPipeline(module, machine, options.preADPasses);
      }))
    return err;
  if (llvm::Error err = timer.time(
          "ad", [&] { return qgrad::ad::differentiateModule(module); }))
    return err;
  if (llvm::Error err = verifyEngineOutput(module))
    return err;
  timer.time("post_ad_opt", [&] {
    if (options.postADOpt)
      optimizeModule(module, machine, options.optLevel);
  });
  return llvm::Error::success();
}

int DriverSession::run() {
  std::unique_ptr<mlir::MLIRContext> context = createContext();
  // Parse and verification errors print as FILE:LINE:COL: error: ...
  llvm::SourceMgr diagnosticSources;
  mlir::SourceMgrDiagnosticHandler diagnostics(diagnosticSources,
                                               context.get());
  // Called before the handler above (the newest first): a crash after a
  // reported error ends with that error and exit status 1 (InputGuards.h).
  context->getDiagEngine().registerHandler([](mlir::Diagnostic &diagnostic) {
    if (diagnostic.getSeverity() == mlir::DiagnosticSeverity::Error)
      qgrad::noteErrorReported();
    return mlir::failure();
  });

  auto module = timer.time("parse", [&] {
    return parseFile(*context, options.inputPath);
  });
  if (!module)
    return fail(module.takeError());
  auto printMLIR = [&](llvm::raw_ostream &os) { (*module)->print(os); };
  if (llvm::Error err = keep("0-input.mlir", printMLIR))
    return fail(std::move(err));

  bool running = options.command == Command::Run &&
                 options.emit == EmitKind::None;
  EntrySignature signature;
  std::vector<HostValue> arguments;
  if (running) {
    auto found = getEntrySignature(**module, options.entry);
    if (!found)
      return fail(found.takeError());
    signature = std::move(*found);
    auto bound = bindArguments(signature);
    if (!bound)
      return fail(bound.takeError());
    arguments = std::move(*bound);
  }
  if (options.command == Command::Compile)
    requestCInterfaces(**module);

  if (llvm::Error err = timer.time("gradient_lowering", [&] {
        return lowerGradients(**module);
      }))
    return fail(std::move(err));

  if (llvm::Error err = timer.time("bufferize", [&] {
        return bufferize(**module);
      }))
    return fail(std::move(err));
  if (llvm::Error err = keep("1-bufferized.mlir", printMLIR))
    return fail(std::move(err));

  if (llvm::Error err = timer.time("lower_to_llvm", [&] {
        return lowerToLLVMDialect(**module);
      }))
    return fail(std::move(err));
  if (llvm::Error err = keep("2-llvm-dialect.mlir", printMLIR))
    return fail(std::move(err));
  if (emitIfRequested(EmitKind::MLIRLLVM, printMLIR))
    return kSuccess;

  bool compiling = options.command == Command::Compile;
  auto machine = createHostTargetMachine(options.optLevel, compiling);
  if (!machine)
    return fail(machine.takeError());
  auto llvmContext = std::make_unique<llvm::LLVMContext>();
  auto llvmModule = timer.time("translate", [&] {
    return translateToLLVMIR(**module, *llvmContext, **machine);
  });
  if (!llvmModule)
    return fail(llvmModule.takeError());
  auto printLLVM = [&](llvm::raw_ostream &os) { (*llvmModule)->print(os, nullptr); };
  if (llvm::Error err = keep("3-llvm.ll", printLLVM))
    return fail(std::move(err));
  if (emitIfRequested(EmitKind::LLVMIR, printLLVM))
    return kSuccess;

  if (running)
    if (llvm::Error err = addPackedWrapper(**llvmModule, signature))
      return fail(std::move(err));
  if (llvm::Error err = optimizeAndDifferentiate(**llvmModule, **machine))
    return fail(std::move(err));
  if (llvm::Error err = keep("4-llvm-opt.ll", printLLVM))
    return fail(std::move(err));
  if (emitIfRequested(EmitKind::LLVMIROpt, printLLVM))
    return kSuccess;

  if (compiling) {
    if (llvm::Error err = timer.time("codegen", [&] {
          return writeSharedLibrary(**llvmModule, **machine,
                                    options.outputPath);
        }))
      return fail(std::move(err));
    reportTimings({});
    return kSuccess;
  }

  std::optional<uint64_t> codeBytes;
  auto compiled = timer.time("codegen", [&]() -> llvm::Expected<void *> {
    auto jit = Jit::createFor(options.optLevel, std::move(*llvmModule),
                              std::move(llvmContext));
    if (!jit)
      return jit.takeError();
    auto address = jit->lookup(getPackedWrapperName(signature.name));
    codeBytes = jit->getCodeBytes();
    // The JIT owns the code; keep it alive for the rest of the process.
    static std::optional<Jit> keepAlive;
    keepAlive.emplace(std::move(*jit));
    return address;
  });
  if (!compiled)
    return fail(compiled.takeError());

  auto *packed = reinterpret_cast<void (*)(void **)>(*compiled);
  qgrad_rt_context *runtime = qgrad_rt_default_context();
  // --mpi: every rank runs the program on a register split over the ranks.
  if (options.mpi && qgrad_rt_mpi_init() != QGRAD_RT_OK)
    return fail(llvm::createStringError(llvm::Twine("--mpi: ") +
                                        qgrad_rt_last_error(nullptr)));
  qgrad_rt_clear_error(runtime);
  std::vector<HostValue> results = timer.time(
      "execute", [&] { return invokePacked(packed, signature, arguments); });
  // The runtime's errors are sticky: the first failure is the one to show,
  // and results computed after it are meaningless.
  if (const char *message = qgrad_rt_last_error(runtime); message && *message)
    return fail(llvm::createStringError(llvm::Twine("runtime: ") + message));
  reportTimings(results, codeBytes);
  return kSuccess;
}

} // namespace

int qgrad::driver::runDriver(llvm::ArrayRef<std::string> args) {
  auto options = parseCommandLine(args);
  if (!options) {
    llvm::errs() << "qgrad: error: " << llvm::toString(options.takeError())
                 << "\n(run 'qgrad --help' for usage)\n";
    return kUsageError;
  }
  switch (options->command) {
  case Command::Help:
    llvm::outs() << getHelpText();
    return kSuccess;
  case Command::Version:
    printToolVersion(llvm::outs(), "qgrad");
    return kSuccess;
  case Command::Run:
  case Command::Compile:
    break;
  }
  return DriverSession(std::move(*options)).run();
}
