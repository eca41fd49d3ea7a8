//===- Options.cpp - The qgrad driver's command line ----------------------===//
//
// Hand-written rather than llvm::cl: positional literals such as "-0.5" must
// reach the entry point instead of being taken for options.
//
//===----------------------------------------------------------------------===//

#include "qgrad/Driver/Options.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"

using namespace qgrad::driver;
using llvm::StringRef;

const char *qgrad::driver::getHelpText() {
  return R"(qgrad: compile and run differentiable hybrid quantum-classical programs

USAGE
  qgrad run FILE.mlir [options] [ARG ...]
  qgrad compile FILE.mlir -o libX.so [options]
  qgrad --help | --version

run
  Parses FILE ("-" for stdin), lowers it to LLVM IR, optimises it,
  JIT-compiles it and calls the entry function with the given arguments.
  Each result is printed on its own line: floats with 17 significant digits
  (f32 with 9), integers exactly, i1 as true/false, tensors as nested lists.

compile
  Writes a shared library. Every public function F gets a C entry point
  _mlir_ciface_F (see docs/driver.md for the interface).

ARGUMENTS
  Scalars (0.5, -3, 1e-3, true) and ranked tensors as nested lists
  ([[1,2],[3,4]]), matched to the entry's types: f64, f32, i64, index, i32,
  i1 and tensor<...> of those. Quote lists in the shell.

OPTIONS
  --entry NAME             entry function (default: main)
  -O0 | -O1 | -O2 | -O3    LLVM optimisation and code generation level (default -O2)
  --pre-ad-opt=on|off      O2 simplification before the AD engine (default on)
  --pre-ad-passes=PIPELINE run this pass pipeline (opt -passes syntax, e.g.
                           'function(sroa,early-cse,instcombine)') before the
                           AD engine instead of O2; --pre-ad-opt=off wins
  --post-ad-opt=on|off     the -O pipeline after the AD engine (default on)
  --ad-stages=auto|always  auto: skip pre_ad_opt/ad/post_ad_opt when the module
                           has no gradient (default); always: run them anyway
  --json                   print {"results": [...], "timings_ms": {...},
                           "cpu_ms": {...}, "code_bytes": N} instead: wall-clock
                           and process CPU time per stage, and the bytes of
                           machine code the JIT generated (text sections)
  --time-stages            print the time of every pipeline stage to stderr
  --mpi                    (run) split the quantum registers over the ranks of
                           the MPI job this process belongs to, e.g.
                           `mpirun -np 4 qgrad run --mpi prog.mlir ARGS`:
                           every rank runs the program, rank 0 prints the
                           results (docs/runtime.md, "Distribution")
  --emit=KIND              print a stage instead of running; KIND is
                           mlir-llvm (LLVM dialect), llvm-ir (after translation),
                           llvm-ir-opt (after optimisation)
  --keep-intermediate DIR  write every stage to DIR (0-input.mlir ... 4-llvm-opt.ll)
  -o FILE                  output of `compile`
  --                       the rest are arguments even if they look like options
  --help, --version

TIMING KEYS (timings_ms in --json, --time-stages), in pipeline order
  parse          read and parse FILE, verify the module
  gradient_lowering  grad/value_and_grad/jvp/vjp to gradient.backprop,
                 qnode Jacobians (parameter shift, adjoint) and finite
                 differences
  bufferize      tensors to memrefs (one-shot bufferization) and deallocation
  lower_to_llvm  gradient.backprop to __enzyme_autodiff calls, then
                 linalg/scf/memref/math/arith/func/cf to the LLVM dialect
  translate      the LLVM dialect to LLVM IR
  optimize       LLVM's -O pipeline (modules without a gradient)
  pre_ad_opt     O2 simplification pipeline before the AD engine (modules that
                 call __enzyme_autodiff, e.g. from gradient.backprop)
  ad             the AD engine: every __enzyme_autodiff call becomes a call
                 of a synthesized gradient
  post_ad_opt    LLVM's -O pipeline over the differentiated module
  codegen        JIT machine-code generation and linking (run), or object
                 emission and linking (compile)
  execute        the call of the entry function (run only)

EXIT STATUS
  0 success; 1 the program or its input is wrong (diagnostics name the file,
  line and column, or the function); 2 bad command line.
)";
}

namespace {

std::optional<EmitKind> parseEmitKind(StringRef value) {
  return llvm::StringSwitch<std::optional<EmitKind>>(value)
      .Case("mlir-llvm", EmitKind::MLIRLLVM)
      .Case("llvm-ir", EmitKind::LLVMIR)
      .Case("llvm-ir-opt", EmitKind::LLVMIROpt)
      .Default(std::nullopt);
}

/// The options that take a string value, as `--opt VALUE` or `--opt=VALUE`.
std::string *findStringOption(DriverOptions &options, StringRef name) {
  return llvm::StringSwitch<std::string *>(name)
      .Case("--entry", &options.entry)
      .Case("-o", &options.outputPath)
      .Case("--keep-intermediate", &options.keepIntermediateDir)
      .Case("--pre-ad-passes", &options.preADPasses)
      .Default(nullptr);
}

/// The on/off options, spelled `--opt=on` or `--opt=off`.
bool *findSwitchOption(DriverOptions &options, StringRef name) {
  return llvm::StringSwitch<bool *>(name)
      .Case("--pre-ad-opt", &options.preADOpt)
      .Case("--post-ad-opt", &options.postADOpt)
      .Default(nullptr);
}

} // namespace

llvm::Expected<DriverOptions>
qgrad::driver::parseCommandLine(llvm::ArrayRef<std::string> argv) {
  DriverOptions options;
  if (argv.empty())
    return llvm::createStringError("missing command (run, compile, --help)");

  StringRef first = argv.front();
  if (first == "--help" || first == "-h" || first == "help") {
    options.command = Command::Help;
    return options;
  }
  if (first == "--version") {
    options.command = Command::Version;
    return options;
  }
  if (first == "run")
    options.command = Command::Run;
  else if (first == "compile")
    options.command = Command::Compile;
  else
    return llvm::createStringError("unknown command '" + first +
                                   "' (expected run or compile)");

  bool optionsEnded = false;
  for (size_t i = 1; i < argv.size(); ++i) {
    StringRef arg = argv[i];
    if (!optionsEnded) {
      if (arg == "--") {
        optionsEnded = true;
        continue;
      }
      if (arg == "--help" || arg == "-h") {
        options.command = Command::Help;
        return options;
      }
      if (arg == "--version") {
        options.command = Command::Version;
        return options;
      }
      if (arg == "--json") {
        options.json = true;
        continue;
      }
      if (arg == "--time-stages") {
        options.timeStages = true;
        continue;
      }
      if (arg == "--mpi") {
        options.mpi = true;
        continue;
      }
      if (arg.size() == 3 && arg.starts_with("-O") && arg[2] >= '0' &&
          arg[2] <= '3') {
        options.optLevel = arg[2] - '0';
        continue;
      }
      if (std::string *target = findStringOption(options, arg)) {
        if (i + 1 >= argv.size())
          return llvm::createStringError("option '" + arg + "' needs a value");
        *target = argv[++i];
        continue;
      }
      if (auto [name, value] = arg.split('=');
          name.starts_with("--") && !value.empty()) {
        if (std::string *target = findStringOption(options, name)) {
          *target = value.str();
          continue;
        }
        if (bool *flag = findSwitchOption(options, name)) {
          if (value != "on" && value != "off")
            return llvm::createStringError(
                "option '" + name + "' takes on or off, not '" + value + "'");
          *flag = value == "on";
          continue;
        }
        if (name == "--ad-stages") {
          if (value != "auto" && value != "always")
            return llvm::createStringError(
                "option '--ad-stages' takes auto or always, not '" + value +
                "'");
          options.alwaysRunADStages = value == "always";
          continue;
        }
      }
      if (arg == "--emit" || arg.starts_with("--emit=")) {
        StringRef value = arg.starts_with("--emit=") ? arg.drop_front(7)
                          : i + 1 < argv.size()      ? StringRef(argv[++i])
                                                     : StringRef();
        auto kind = parseEmitKind(value);
        if (!kind)
          return llvm::createStringError(
              "unknown --emit kind '" + value +
              "' (expected mlir-llvm, llvm-ir or llvm-ir-opt)");
        options.emit = *kind;
        continue;
      }
      // A leading '-' followed by a digit or '.' is a negative literal.
      bool looksNumeric = arg.size() > 1 && arg[0] == '-' &&
                          (llvm::isDigit(arg[1]) || arg[1] == '.');
      if (arg.starts_with("-") && arg != "-" && !looksNumeric)
        return llvm::createStringError("unknown option '" + arg + "'");
    }

    if (options.inputPath.empty())
      options.inputPath = arg.str();
    else
      options.arguments.push_back(arg.str());
  }

  if (options.inputPath.empty())
    return llvm::createStringError("missing input file");
  if (options.command == Command::Compile) {
    if (options.outputPath.empty())
      return llvm::createStringError("compile needs -o OUTPUT");
    if (!options.arguments.empty())
      return llvm::createStringError("compile takes no arguments, found '" +
                                     options.arguments.front() + "'");
  }
  return options;
}
