//===- CompiledProgram.cpp - A module compiled in process -----------------===//
//
// The stages are the driver's (Pipeline.h) in the driver's order; what
// differs from `qgrad run` is only where the program comes from and that
// several entry points share one JIT, so a function and its gradient are
// compiled together and called many times.
//
//===----------------------------------------------------------------------===//

#include "qgrad/Driver/CompiledProgram.h"

#include "qgrad/AD/Engine.h"
#include "qgrad/AD/Pipeline.h"
#include "qgrad/Driver/Jit.h"
#include "qgrad/Driver/Pipeline.h"

#include "qgrad_rt.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"

using namespace qgrad::driver;

struct CompiledProgram::State {
  /// Owns the context of a program compiled from text.
  std::unique_ptr<mlir::MLIRContext> context;
  std::optional<Jit> jit;
  struct Entry {
    EntrySignature signature;
    void (*packed)(void **) = nullptr;
  };
  llvm::StringMap<Entry> entries;
};

namespace {

// FILE:LINE:COL of the first file location in `loc` (a call site or fused
// location holds one), as compilers print it; MLIR's own form otherwise.
std::string formatLocation(mlir::Location loc) {
  std::string out;
  loc->walk([&](mlir::Location inner) {
    if (auto file = llvm::dyn_cast<mlir::FileLineColLoc>(inner)) {
      out = (file.getFilename().strref() + ":" + llvm::Twine(file.getLine()) +
             ":" + llvm::Twine(file.getColumn()))
                .str();
      return mlir::WalkResult::interrupt();
    }
    return mlir::WalkResult::advance();
  });
  if (out.empty())
    llvm::raw_string_ostream(out) << loc;
  return out;
}

// MLIR's diagnostics during compilation, collected into the error message
// (the frontend shows them as its exception's text).
class DiagnosticCapture {
public:
  explicit DiagnosticCapture(mlir::MLIRContext *context)
      : handler(context, [this](mlir::Diagnostic &d) {
          llvm::raw_string_ostream os(messages);
          os << formatLocation(d.getLocation()) << ": "
             << (d.getSeverity() == mlir::DiagnosticSeverity::Error ? "error: "
                                                                    : "note: ")
             << d << "\n";
          for (mlir::Diagnostic &note : d.getNotes())
            os << formatLocation(note.getLocation()) << ": note: " << note
               << "\n";
          return mlir::success();
        }) {}

  /// `error`'s message followed by the diagnostics seen so far.
  llvm::Error wrap(llvm::Error error) {
    std::string message = llvm::toString(std::move(error));
    if (!messages.empty())
      message += ":\n" + llvm::StringRef(messages).rtrim().str();
    return llvm::createStringError(message);
  }

private:
  std::string messages;
  mlir::ScopedDiagnosticHandler handler;
};

llvm::Error printedTo(llvm::StringRef dir, llvm::StringRef file,
                      mlir::ModuleOp module) {
  return writeIntermediate(dir, file,
                           [&](llvm::raw_ostream &os) { module.print(os); });
}

llvm::Error printedTo(llvm::StringRef dir, llvm::StringRef file,
                      llvm::Module &module) {
  return writeIntermediate(
      dir, file, [&](llvm::raw_ostream &os) { module.print(os, nullptr); });
}

} // namespace

CompiledProgram::CompiledProgram(std::unique_ptr<State> state)
    : state(std::move(state)) {}
CompiledProgram::CompiledProgram(CompiledProgram &&) = default;
CompiledProgram &CompiledProgram::operator=(CompiledProgram &&) = default;
CompiledProgram::~CompiledProgram() = default;

llvm::Expected<CompiledProgram> CompiledProgram::compileText(
    llvm::StringRef mlirText, llvm::StringRef bufferName,
    llvm::ArrayRef<std::string> entries, const CompileOptions &options) {
  std::unique_ptr<mlir::MLIRContext> context = createContext();
  mlir::OwningOpRef<mlir::ModuleOp> module;
  {
    DiagnosticCapture diagnostics(context.get());
    auto parsed = parseText(*context, mlirText, bufferName);
    if (!parsed)
      return diagnostics.wrap(parsed.takeError());
    module = std::move(*parsed);
  }
  auto compiled = compileModule(*module, entries, options);
  if (!compiled)
    return compiled.takeError();
  // The JIT's code no longer refers to the MLIR module, but signatures hold
  // nothing of it either; the context goes with the program for clarity of
  // ownership (and so diagnostics of later calls could use it).
  compiled->state->context = std::move(context);
  return compiled;
}

llvm::Expected<CompiledProgram>
CompiledProgram::compileModule(mlir::ModuleOp input,
                               llvm::ArrayRef<std::string> entryNames,
                               const CompileOptions &options) {
  mlir::MLIRContext *context = input.getContext();
  DiagnosticCapture diagnostics(context);
  if (mlir::failed(mlir::verify(input)))
    return diagnostics.wrap(llvm::createStringError("invalid program"));
  // The stages rewrite the module; the caller's stays as it was.
  mlir::OwningOpRef<mlir::ModuleOp> module(input.clone());
  const std::string &dir = options.keepIntermediateDir;
  if (llvm::Error err = printedTo(dir, "0-input.mlir", *module))
    return std::move(err);

  auto state = std::make_unique<State>();
  std::vector<const EntrySignature *> signatures;
  for (const std::string &name : entryNames) {
    auto signature = getEntrySignature(*module, name);
    if (!signature)
      return diagnostics.wrap(signature.takeError());
    auto [it, inserted] =
        state->entries.try_emplace(name, State::Entry{std::move(*signature)});
    if (inserted)
      signatures.push_back(&it->second.signature);
  }

  struct Stage {
    llvm::Error (*run)(mlir::ModuleOp);
    const char *keptAs; // the --keep-intermediate file after it, if any
  };
  for (Stage stage :
       {Stage{lowerGradients, nullptr}, Stage{bufferize, "1-bufferized.mlir"},
        Stage{lowerToLLVMDialect, "2-llvm-dialect.mlir"}}) {
    if (llvm::Error err = stage.run(*module))
      return diagnostics.wrap(std::move(err));
    if (stage.keptAs)
      if (llvm::Error err = printedTo(dir, stage.keptAs, *module))
        return std::move(err);
  }

  auto machine = createHostTargetMachine(options.optLevel, false);
  if (!machine)
    return machine.takeError();
  auto llvmContext = std::make_unique<llvm::LLVMContext>();
  auto llvmModule = translateToLLVMIR(*module, *llvmContext, **machine);
  if (!llvmModule)
    return diagnostics.wrap(llvmModule.takeError());
  if (llvm::Error err = printedTo(dir, "3-llvm.ll", **llvmModule))
    return std::move(err);
  for (const EntrySignature *signature : signatures)
    if (llvm::Error err = addPackedWrapper(**llvmModule, *signature))
      return std::move(err);
  // The driver's order: O2 simplification, the AD engine, its output
  // verified before the optimiser sees it, then the -O pipeline.
  if (qgrad::ad::moduleNeedsAD(**llvmModule)) {
    qgrad::ad::runPreOptimization(**llvmModule, machine->get());
    if (llvm::Error err = qgrad::ad::differentiateModule(**llvmModule))
      return std::move(err);
    if (llvm::Error err = verifyEngineOutput(**llvmModule))
      return std::move(err);
  }
  optimizeModule(**llvmModule, **machine, options.optLevel);
  if (llvm::Error err = printedTo(dir, "4-llvm-opt.ll", **llvmModule))
    return std::move(err);

  auto jit = Jit::createFor(options.optLevel, std::move(*llvmModule),
                            std::move(llvmContext));
  if (!jit)
    return jit.takeError();
  for (auto &[name, entry] : state->entries) {
    auto address = jit->lookup(getPackedWrapperName(name));
    if (!address)
      return address.takeError();
    entry.packed = reinterpret_cast<void (*)(void **)>(*address);
  }
  state->jit.emplace(std::move(*jit));
  return CompiledProgram(std::move(state));
}

const EntrySignature *
CompiledProgram::getSignature(llvm::StringRef entry) const {
  auto it = state->entries.find(entry);
  return it == state->entries.end() ? nullptr : &it->second.signature;
}

llvm::Error qgrad::driver::checkArgument(const ValueType &type,
                                         const HostValue &value,
                                         unsigned position) {
  auto mismatch = [&](const llvm::Twine &what) {
    return llvm::createStringError("argument " + llvm::Twine(position) +
                                   ": expected " + type.str() + ", got " +
                                   what);
  };
  if (type.isTensor != value.isTensor ||
      (type.isTensor && type.dims.size() != value.shape.size()))
    return mismatch(value.isTensor
                        ? "an array of rank " + llvm::Twine(value.shape.size())
                        : llvm::Twine("a scalar"));
  if (type.element != value.element)
    return mismatch(llvm::Twine("elements of type ") +
                    getElementName(value.element));
  for (auto [expected, actual] : llvm::zip(type.dims, value.shape))
    if (expected && *expected != actual)
      return mismatch("dimension " + llvm::Twine(actual) + " where " +
                      llvm::Twine(*expected) + " is expected");
  uint64_t bytes = getElementSize(value.element) * value.getNumElements();
  if (value.size() != bytes)
    return mismatch(llvm::Twine(value.size()) + " bytes of data for " +
                    llvm::Twine(bytes));
  return llvm::Error::success();
}

llvm::Expected<std::vector<HostValue>>
CompiledProgram::call(llvm::StringRef entry,
                      std::vector<HostValue> &arguments) const {
  auto it = state->entries.find(entry);
  if (it == state->entries.end())
    return llvm::createStringError("'" + entry + "' was not compiled");
  const EntrySignature &signature = it->second.signature;
  if (arguments.size() != signature.inputs.size())
    return llvm::createStringError(
        "'" + entry + "' takes " + llvm::Twine(signature.inputs.size()) +
        " arguments, got " + llvm::Twine(arguments.size()));
  for (auto [position, type] : llvm::enumerate(signature.inputs))
    if (llvm::Error err = checkArgument(type, arguments[position], position))
      return std::move(err);
  qgrad_rt_context *runtime = qgrad_rt_default_context();
  qgrad_rt_clear_error(runtime);
  std::vector<HostValue> results =
      invokePacked(it->second.packed, signature, arguments);
  // The runtime's errors are sticky: the first failure is the one to show,
  // and results computed after it are meaningless.
  if (const char *message = qgrad_rt_last_error(runtime); message && *message)
    return llvm::createStringError(llvm::Twine("runtime: ") + message);
  return results;
}
