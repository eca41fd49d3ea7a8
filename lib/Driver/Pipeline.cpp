//===- Pipeline.cpp - From an MLIR file to optimised LLVM IR --------------===//

#include "qgrad/Driver/Pipeline.h"

#include "qgrad/Interop/OpenQASM.h"

#include "qgrad/InitAllDialects.h"
#include "qgrad/InitAllPasses.h"
#include "qgrad/Support/InputGuards.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"

#include <mutex>

using namespace qgrad::driver;

// Textual pipelines (nested in the module pass manager) keep the stages
// readable and printable
// (--keep-intermediate shows the IR after each).
static constexpr llvm::StringLiteral kGradientLoweringPipeline =
    "qgrad-lower-gradients";

static constexpr llvm::StringLiteral kBufferizePipeline =
    "one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map "
    "allow-return-allocs-from-loops},"
    "canonicalize,buffer-deallocation-pipeline";

// The qgrad conversions come first: gradient.backprop becomes
// __enzyme_autodiff calls and quantum ops become runtime calls; what they
// emit (func, arith, memref, scf, linalg, llvm) is lowered by the rest.
// Buffers are allocated with aligned_alloc, which convert-gradient-to-llvm
// registers with the AD engine: malloc plus an alignment computed through
// integers (the default for aligned allocations) would hide the aligned
// pointer from the engine (docs/gradient-lowering.md).
static constexpr llvm::StringLiteral kLowerToLLVMPipeline =
    "convert-gradient-to-llvm,convert-quantum-to-llvm,"
    "convert-bufferization-to-memref,convert-linalg-to-loops,lower-affine,"
    "convert-scf-to-cf,"
    "expand-strided-metadata,lower-affine,"
    "finalize-memref-to-llvm{use-aligned-alloc=1},"
    "convert-math-to-llvm,"
    "convert-math-to-libm,convert-to-llvm,reconcile-unrealized-casts,"
    "convert-parallel-for-to-runtime";

std::unique_ptr<mlir::MLIRContext> qgrad::driver::createContext() {
  static std::once_flag passesRegistered;
  std::call_once(passesRegistered, [] { qgrad::registerAllPasses(); });
  mlir::DialectRegistry registry;
  qgrad::registerAllDialects(registry);
  auto context = std::make_unique<mlir::MLIRContext>(registry);
  context->loadAllAvailableDialects();
  return context;
}

// The guards and the parser shared by files and in-memory text; `name` is
// what diagnostics call the buffer.
static llvm::Expected<mlir::OwningOpRef<mlir::ModuleOp>>
parseBuffer(mlir::MLIRContext &context,
            std::unique_ptr<llvm::MemoryBuffer> buffer, llvm::StringRef name) {
  bool isQASM = name.ends_with(".qasm");
  // MLIR's parser recurses per nesting level; the OpenQASM importer has
  // limits of its own, and bytecode is not text.
  if (!isQASM && !mlir::isBytecode(buffer->getMemBufferRef()))
    if (std::optional<llvm::SMDiagnostic> nesting =
            qgrad::diagnoseExcessiveNesting(*buffer, "//")) {
      mlir::emitError(mlir::FileLineColLoc::get(
          &context, nesting->getFilename(), nesting->getLineNo(),
          nesting->getColumnNo() + 1))
          << nesting->getMessage();
      return llvm::createStringError("could not parse '" + name + "'");
    }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  // An OpenQASM circuit becomes a qnode and a main calling it.
  mlir::OwningOpRef<mlir::ModuleOp> module =
      isQASM ? qgrad::interop::importOpenQASM(sourceMgr, &context)
             : mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  if (!module)
    return llvm::createStringError("could not parse '" + name + "'");
  return module;
}

llvm::Expected<mlir::OwningOpRef<mlir::ModuleOp>>
qgrad::driver::parseFile(mlir::MLIRContext &context, llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (std::error_code ec = buffer.getError())
    return llvm::createStringError("cannot read '" + path +
                                   "': " + ec.message());
  return parseBuffer(context, std::move(*buffer), path);
}

llvm::Expected<mlir::OwningOpRef<mlir::ModuleOp>>
qgrad::driver::parseText(mlir::MLIRContext &context, llvm::StringRef text,
                         llvm::StringRef bufferName) {
  return parseBuffer(context,
                     llvm::MemoryBuffer::getMemBufferCopy(text, bufferName),
                     bufferName);
}

static llvm::Error runPipeline(mlir::ModuleOp module, llvm::StringRef pipeline,
                               llvm::StringRef stage) {
  mlir::PassManager pm(module->getName());
  std::string parseErrors;
  llvm::raw_string_ostream errorStream(parseErrors);
  if (mlir::failed(mlir::parsePassPipeline(pipeline, pm, errorStream)))
    return llvm::createStringError("internal error: bad " + stage +
                                   " pipeline: " + parseErrors);
  if (mlir::failed(pm.run(module)))
    return llvm::createStringError(stage + " failed");
  return llvm::Error::success();
}

llvm::Error qgrad::driver::lowerGradients(mlir::ModuleOp module) {
  return runPipeline(module, kGradientLoweringPipeline, "gradient lowering");
}

llvm::Error qgrad::driver::bufferize(mlir::ModuleOp module) {
  return runPipeline(module, kBufferizePipeline, "bufferization");
}

/// Copies between strided memrefs (a slice written into a column, say)
/// become linalg.copy, which convert-linalg-to-loops turns into loops: the
/// memref lowering would call `memrefCopy` from MLIR's runner utilities,
/// which the JIT does not link and the AD engine cannot differentiate.
/// Copies between identity layouts stay memcpy.
static void lowerStridedCopies(mlir::ModuleOp module) {
  llvm::SmallVector<mlir::memref::CopyOp> strided;
  module.walk([&](mlir::memref::CopyOp copy) {
    auto source = llvm::cast<mlir::MemRefType>(copy.getSource().getType());
    auto target = llvm::cast<mlir::MemRefType>(copy.getTarget().getType());
    if (!source.getLayout().isIdentity() || !target.getLayout().isIdentity())
      strided.push_back(copy);
  });
  for (mlir::memref::CopyOp copy : strided) {
    mlir::OpBuilder builder(copy);
    mlir::linalg::CopyOp::create(builder, copy.getLoc(), copy.getSource(),
                                 copy.getTarget());
    copy.erase();
  }
}

llvm::Error qgrad::driver::lowerToLLVMDialect(mlir::ModuleOp module) {
  lowerStridedCopies(module);
  return runPipeline(module, kLowerToLLVMPipeline, "lowering to LLVM");
}

llvm::Error qgrad::driver::writeIntermediate(
    llvm::StringRef dir, llvm::StringRef fileName,
    llvm::function_ref<void(llvm::raw_ostream &)> print) {
  if (dir.empty())
    return llvm::Error::success();
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return llvm::createStringError("cannot create '" + dir +
                                   "': " + ec.message());
  llvm::SmallString<128> path(dir);
  llvm::sys::path::append(path, fileName);
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return llvm::createStringError("cannot write '" + path +
                                   "': " + ec.message());
  print(os);
  return llvm::Error::success();
}

void qgrad::driver::requestCInterfaces(mlir::ModuleOp module) {
  mlir::UnitAttr unit = mlir::UnitAttr::get(module.getContext());
  for (auto func : module.getOps<mlir::func::FuncOp>())
    if (func.isPublic() && !func.isExternal())
      func->setAttr("llvm.emit_c_interface", unit);
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
qgrad::driver::createHostTargetMachine(unsigned optLevel,
                                       bool positionIndependent) {
  static std::once_flag initialized;
  std::call_once(initialized, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
  });
  llvm::Triple triple(llvm::sys::getProcessTriple());
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return llvm::createStringError("no LLVM target for the host: " + error);
  llvm::SubtargetFeatures features;
  for (const auto &[feature, enabled] : llvm::sys::getHostCPUFeatures())
    features.AddFeature(feature, enabled);
  static constexpr llvm::CodeGenOptLevel levels[] = {
      llvm::CodeGenOptLevel::None, llvm::CodeGenOptLevel::Less,
      llvm::CodeGenOptLevel::Default, llvm::CodeGenOptLevel::Aggressive};
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, llvm::sys::getHostCPUName(), features.getString(),
      llvm::TargetOptions(),
      positionIndependent ? llvm::Reloc::PIC_ : llvm::Reloc::Static,
      std::nullopt, levels[std::min(optLevel, 3u)]));
  if (!machine)
    return llvm::createStringError("cannot create a host target machine");
  return std::move(machine);
}

llvm::Expected<std::unique_ptr<llvm::Module>>
qgrad::driver::translateToLLVMIR(mlir::ModuleOp module,
                                 llvm::LLVMContext &llvmContext,
                                 llvm::TargetMachine &targetMachine) {
  std::unique_ptr<llvm::Module> llvmModule =
      mlir::translateModuleToLLVMIR(module, llvmContext);
  if (!llvmModule)
    return llvm::createStringError("translation to LLVM IR failed");
  llvmModule->setTargetTriple(targetMachine.getTargetTriple());
  llvmModule->setDataLayout(targetMachine.createDataLayout());
  return llvmModule;
}

namespace {
/// The analysis managers a new-PM pipeline over one module needs.
struct PassContext {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder;

  explicit PassContext(llvm::TargetMachine &targetMachine)
      : builder(&targetMachine) {
    builder.registerModuleAnalyses(mam);
    builder.registerCGSCCAnalyses(cgam);
    builder.registerFunctionAnalyses(fam);
    builder.registerLoopAnalyses(lam);
    builder.crossRegisterProxies(lam, fam, cgam, mam);
  }
};
} // namespace

void qgrad::driver::optimizeModule(llvm::Module &module,
                                   llvm::TargetMachine &targetMachine,
                                   unsigned optLevel) {
  PassContext passes(targetMachine);
  static const llvm::OptimizationLevel levels[] = {
      llvm::OptimizationLevel::O0, llvm::OptimizationLevel::O1,
      llvm::OptimizationLevel::O2, llvm::OptimizationLevel::O3};
  llvm::OptimizationLevel level = levels[std::min(optLevel, 3u)];
  llvm::ModulePassManager mpm =
      level == llvm::OptimizationLevel::O0
          ? passes.builder.buildO0DefaultPipeline(level)
          : passes.builder.buildPerModuleDefaultPipeline(level);
  mpm.run(module, passes.mam);
}

llvm::Error qgrad::driver::verifyEngineOutput(llvm::Module &module) {
  std::string problems;
  llvm::raw_string_ostream problemStream(problems);
  if (llvm::verifyModule(module, &problemStream))
    return llvm::createStringError(
        "internal error: the AD engine produced invalid LLVM IR (please "
        "report it with --keep-intermediate output):\n" +
        llvm::StringRef(problems).rtrim().str());
  return llvm::Error::success();
}

llvm::Error qgrad::driver::runPassPipeline(llvm::Module &module,
                                           llvm::TargetMachine &targetMachine,
                                           llvm::StringRef pipeline) {
  PassContext passes(targetMachine);
  llvm::ModulePassManager mpm;
  if (llvm::Error err = passes.builder.parsePassPipeline(mpm, pipeline))
    return llvm::createStringError("invalid pass pipeline '" + pipeline +
                                   "': " + llvm::toString(std::move(err)));
  mpm.run(module, passes.mam);
  return llvm::Error::success();
}
