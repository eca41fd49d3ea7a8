//===- Harness.cpp - The pipeline benchmark's command ---------------------===//

#include "Harness.h"

#include "BenchProgram.h"
#include "Configuration.h"
#include "Measurement.h"
#include "Plot.h"
#include "QgradRun.h"
#include "Report.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace qgrad::bench;

namespace {

bool selected(llvm::ArrayRef<std::string> filter, llvm::StringRef name) {
  return filter.empty() || llvm::is_contained(filter, name);
}

llvm::Expected<std::vector<BenchProgram>>
selectPrograms(const HarnessOptions &options) {
  auto suite = loadSuite(options.programsDir);
  if (!suite)
    return suite.takeError();
  std::vector<BenchProgram> chosen;
  for (BenchProgram &program : *suite)
    if (selected(options.programs, program.name))
      chosen.push_back(std::move(program));
  for (const std::string &name : options.programs)
    if (llvm::none_of(chosen,
                      [&](const BenchProgram &p) { return p.name == name; }))
      return llvm::createStringError("no program '" + name + "' in '" +
                                     options.programsDir + "'");
  return chosen;
}

/// `--once`: every program, default configuration, results on stdout.
int runOnce(const HarnessOptions &options,
            llvm::ArrayRef<BenchProgram> programs) {
  int status = 0;
  for (const BenchProgram &program : programs) {
    auto record =
        runQgrad(options.qgradPath, program, {}, options.timeoutSeconds);
    llvm::outs() << program.name << ":";
    if (!record) {
      llvm::outs() << " FAILED: " << llvm::toString(record.takeError()) << "\n";
      status = 1;
      continue;
    }
    for (double value : record->results)
      llvm::outs() << llvm::formatv(" {0:e15}", value);
    llvm::outs() << "\n";
  }
  return status;
}

ProgramResults measureProgram(const HarnessOptions &options,
                              const BenchProgram &program) {
  ProgramResults results{program.name, {}};
  bool hasGradient = false;
  for (const Configuration &config : getConfigurations()) {
    bool isReference = results.byConfig.empty();
    if (!isReference && (!selected(options.configs, config.name) ||
                         !appliesToProgram(config, hasGradient)))
      continue;
    llvm::errs() << llvm::formatv("{0,-18} {1,-14}", program.name, config.name);
    llvm::errs().flush();
    Measurement m = measure(
        [&] {
          return runQgrad(options.qgradPath, program, config.flags,
                          options.timeoutSeconds);
        },
        options.repeats);
    if (m.failed())
      llvm::errs() << "FAILED: " << m.error << "\n";
    else
      llvm::errs() << llvm::formatv(
          "compile {0,9:f1} ms  execute {1,9:f3} ms  (CPU)\n", m.cpu.compileMs,
          m.cpu.executeMs);
    for (const std::string &stage : m.unknownStages)
      llvm::errs() << "  note: stage '" << stage
                   << "' is new to the harness; counted as compile time\n";
    if (isReference)
      hasGradient = m.hasGradient();
    results.byConfig.emplace_back(&config, std::move(m));
  }
  return results;
}

llvm::Error writeReport(const HarnessOptions &options,
                        llvm::ArrayRef<ProgramResults> results) {
  if (options.markdownPath.empty()) {
    writeMarkdown(llvm::outs(), results, options.repeats);
    return llvm::Error::success();
  }
  std::error_code ec;
  llvm::raw_fd_ostream os(options.markdownPath, ec);
  if (ec)
    return llvm::createStringError("cannot write '" + options.markdownPath +
                                   "': " + ec.message());
  writeMarkdown(os, results, options.repeats);
  return llvm::Error::success();
}

int fail(llvm::Error error) {
  llvm::errs() << "qgrad-bench-pipeline: error: "
               << llvm::toString(std::move(error)) << "\n";
  return 1;
}

} // namespace

int qgrad::bench::runHarness(const HarnessOptions &options) {
  auto programs = selectPrograms(options);
  if (!programs)
    return fail(programs.takeError());
  if (options.once)
    return runOnce(options, *programs);

  std::vector<ProgramResults> results;
  for (const BenchProgram &program : *programs)
    results.push_back(measureProgram(options, program));
  if (llvm::Error err = writeReport(options, results))
    return fail(std::move(err));
  if (!options.plotPath.empty())
    if (llvm::Error err = plotCompileVersusRun(results, options.plotPath))
      return fail(std::move(err));
  bool referenceFailed = llvm::any_of(
      results, [](const ProgramResults &r) { return r.reference().failed(); });
  return referenceFailed ? 1 : 0;
}
