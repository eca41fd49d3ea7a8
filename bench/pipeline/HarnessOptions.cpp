//===- HarnessOptions.cpp - qgrad-bench-pipeline's command line -----------===//

#include "Configuration.h"
#include "Harness.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace qgrad::bench;

const char *qgrad::bench::getHarnessHelp() {
  return R"(qgrad-bench-pipeline: compile time and run time of qgrad's pipeline

USAGE
  qgrad-bench-pipeline [options]

Runs `qgrad run --json` as a subprocess for every program of the suite
(the `// BENCH: NAME ARGS...` lines of bench/programs/*.mlir) in every
configuration, once untimed and then --repeats times, and reports the
median of every stage, the execution time, the machine-code size and
whether the results equal the default configuration's.

OPTIONS
  --qgrad PATH        the qgrad to measure (default: next to this tool)
  --programs DIR      the suite (default: the source tree's bench/programs)
  --program NAME      only this program (repeatable)
  --config NAME       only this configuration besides the default (repeatable)
  --repeats N         timed runs per measurement, at least 3 (default 5)
  --quick             3 timed runs (the fewest that give a median)
  --timeout SECONDS   per qgrad run (default 600)
  --markdown FILE     write the tables to FILE instead of stdout
  --plot FILE.png     plot compile time against run time (needs gnuplot)
  --once              run every program once in the default configuration
                      and print `NAME: RESULT ...` (correctness only)
  --help
)";
}

static constexpr llvm::StringLiteral kValueOptions[] = {
    "--qgrad",    "--programs", "--program", "--config",
    "--markdown", "--plot",     "--repeats", "--timeout"};

static llvm::Expected<unsigned>
parseCount(llvm::StringRef option, llvm::StringRef value, unsigned minimum) {
  unsigned count = 0;
  if (value.getAsInteger(10, count) || count < minimum)
    return llvm::createStringError(
        "option '" + option + "' needs an integer >= " +
        std::to_string(minimum) + ", not '" + value + "'");
  return count;
}

llvm::Expected<HarnessOptions>
qgrad::bench::parseHarnessOptions(const char *argv0,
                                  llvm::ArrayRef<const char *> args) {
  HarnessOptions options;
  std::string self = llvm::sys::fs::getMainExecutable(
      argv0, reinterpret_cast<void *>(&getHarnessHelp));
  llvm::SmallString<256> qgrad(llvm::sys::path::parent_path(self));
  llvm::sys::path::append(qgrad, "qgrad");
  options.qgradPath = qgrad.str().str();
  options.programsDir = QGRAD_BENCH_PROGRAMS_DIR;

  for (size_t i = 0; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    auto value = [&]() -> llvm::Expected<llvm::StringRef> {
      if (i + 1 >= args.size())
        return llvm::createStringError("option '" + arg + "' needs a value");
      return llvm::StringRef(args[++i]);
    };
    if (arg == "--help" || arg == "-h") {
      options.help = true;
      return options;
    }
    if (arg == "--quick") {
      options.repeats = 3;
      continue;
    }
    if (arg == "--once") {
      options.once = true;
      continue;
    }
    if (!llvm::is_contained(kValueOptions, arg))
      return llvm::createStringError("unknown option '" + arg + "'");
    auto text = value();
    if (!text)
      return text.takeError();
    if (arg == "--qgrad")
      options.qgradPath = text->str();
    else if (arg == "--programs")
      options.programsDir = text->str();
    else if (arg == "--program")
      options.programs.push_back(text->str());
    else if (arg == "--config") {
      if (llvm::none_of(getConfigurations(), [&](const Configuration &c) {
            return c.name == *text;
          }))
        return llvm::createStringError("unknown configuration '" + *text + "'");
      options.configs.push_back(text->str());
    } else if (arg == "--markdown")
      options.markdownPath = text->str();
    else if (arg == "--plot")
      options.plotPath = text->str();
    else if (arg == "--repeats" || arg == "--timeout") {
      auto count = parseCount(arg, *text, arg == "--repeats" ? 3 : 1);
      if (!count)
        return count.takeError();
      (arg == "--repeats" ? options.repeats : options.timeoutSeconds) = *count;
    }
  }
  if (!llvm::sys::fs::can_execute(options.qgradPath))
    return llvm::createStringError("qgrad not found at '" + options.qgradPath +
                                   "' (use --qgrad PATH)");
  return options;
}
