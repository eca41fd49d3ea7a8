//===- Plot.cpp - Compile time against run time, with gnuplot -------------===//

#include "Plot.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace qgrad::bench;

namespace {

/// One data block per configuration (gnuplot's `index`): program, compile
/// ms, execute ms.
std::string formatData(llvm::ArrayRef<ProgramResults> results,
                       std::vector<llvm::StringRef> &blockTitles) {
  std::string data;
  llvm::raw_string_ostream os(data);
  for (const Configuration &config : getConfigurations()) {
    std::string block;
    for (const ProgramResults &program : results) {
      const Measurement *m = program.find(config.name);
      // Execution can take under a microsecond's resolution; clamp to the
      // printed precision so the log axis can show it.
      // A configuration that failed or computed something else has no
      // place on a time trade-off; the table reports it.
      if (m && !m->failed() && !program.reference().failed() &&
          compareResults(m->results, program.reference().results).kind <=
              Agreement::WithinTolerance)
        block +=
            llvm::formatv("{0} {1:f3} {2:f3}\n", program.program,
                          m->cpu.compileMs, std::max(m->cpu.executeMs, 0.001));
    }
    if (block.empty())
      continue;
    os << block << "\n\n";
    blockTitles.push_back(config.name);
  }
  return data;
}

std::string formatScript(llvm::StringRef dataPath, llvm::StringRef pngPath,
                         llvm::ArrayRef<llvm::StringRef> titles) {
  std::string script;
  llvm::raw_string_ostream os(script);
  os << "set terminal pngcairo size 1100,750 noenhanced\n"
     << "set output '" << pngPath
     << "'\n"
     // Double quotes: gnuplot expands \n only in them.
     << "set title \"qgrad pipeline: compile time vs run time, one point per "
        "program and configuration\\n(configurations whose result differs "
        "from the default are left out)\"\n"
     << "set xlabel 'compile CPU time, all stages but execute (ms)'\n"
     << "set ylabel 'CPU time of the entry point call (ms)'\n"
     << "set logscale xy\nset grid\nset key outside right top\n"
     << "plot ";
  for (auto [index, title] : llvm::enumerate(titles))
    os << (index ? ", \\\n     " : "") << "'" << dataPath << "' index " << index
       << " using 2:3 with points pt " << 5 + index % 9 << " ps 1.5 title '"
       << title << "'";
  os << "\n";
  return script;
}

llvm::Error writeText(llvm::StringRef path, llvm::StringRef text) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return llvm::createStringError("cannot write '" + path +
                                   "': " + ec.message());
  os << text;
  return llvm::Error::success();
}

} // namespace

llvm::Error
qgrad::bench::plotCompileVersusRun(llvm::ArrayRef<ProgramResults> results,
                                   llvm::StringRef pngPath) {
  auto gnuplot = llvm::sys::findProgramByName("gnuplot");
  if (!gnuplot)
    return llvm::createStringError(
        "--plot needs gnuplot, which is not on PATH (Debian: apt-get install "
        "gnuplot-nox)");
  std::vector<llvm::StringRef> titles;
  std::string data = formatData(results, titles);
  if (titles.empty())
    return llvm::createStringError("nothing to plot: every run failed");

  std::string dataPath = (pngPath + ".dat").str();
  std::string scriptPath = (pngPath + ".gp").str();
  if (llvm::Error err = writeText(dataPath, data))
    return err;
  if (llvm::Error err =
          writeText(scriptPath, formatScript(dataPath, pngPath, titles)))
    return err;
  std::string message;
  llvm::StringRef argv[] = {*gnuplot, scriptPath};
  int status = llvm::sys::ExecuteAndWait(*gnuplot, argv, std::nullopt, {}, 60,
                                         0, &message);
  llvm::sys::fs::remove(scriptPath);
  llvm::sys::fs::remove(dataPath);
  if (status != 0)
    return llvm::createStringError(
        llvm::formatv("gnuplot failed (status {0}) {1}", status, message));
  return llvm::Error::success();
}
