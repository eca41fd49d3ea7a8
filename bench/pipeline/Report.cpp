//===- Report.cpp - Markdown tables of the pipeline benchmark -------------===//

#include "Report.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace qgrad::bench;

/// The targets of the issue.
static constexpr double kCompileTargetMs = 500;
static constexpr double kPreADShareTarget = 0.25;

const Measurement *ProgramResults::find(llvm::StringRef config) const {
  for (const auto &[configuration, measurement] : byConfig)
    if (configuration->name == config)
      return &measurement;
  return nullptr;
}

static std::string ms(double value) {
  return std::isnan(value) ? "-" : llvm::formatv("{0:f1}", value).str();
}

static std::string bytes(const Measurement &m) {
  return m.codeBytes ? std::to_string(*m.codeBytes) : "-";
}

static std::string agreement(const Measurement &m, const Measurement &ref,
                             bool isReference) {
  std::string nondeterministic = m.deterministic ? "" : ", varies between runs";
  if (isReference)
    return "reference" + nondeterministic;
  if (ref.failed())
    return "no reference";
  Agreement a = compareResults(m.results, ref.results);
  switch (a.kind) {
  case Agreement::Identical:
    return "identical" + nondeterministic;
  case Agreement::WithinTolerance:
    return llvm::formatv("equal (rel. diff {0:e1})", a.maxRelativeDifference)
               .str() +
           nondeterministic;
  case Agreement::Differs:
    return llvm::formatv("**DIFFERS** (rel. diff {0:e1})",
                         a.maxRelativeDifference)
        .str();
  case Agreement::ShapeDiffers:
    return "**DIFFERS** (other number of results)";
  }
  return "";
}

static std::string escapeCell(llvm::StringRef text) {
  std::string out;
  for (char c : text.take_front(160))
    out += c == '|' ? '/' : c == '\n' ? ' ' : c;
  return out;
}

static void writeConfigurations(llvm::raw_ostream &os) {
  os << "| configuration | qgrad run options | what | runs on |\n"
        "|---|---|---|---|\n";
  static constexpr llvm::StringLiteral kAppliesTo[] = {
      "every program", "programs with a gradient",
      "programs without a gradient"};
  for (const Configuration &config : getConfigurations()) {
    std::string flags;
    for (llvm::StringLiteral flag : config.flags)
      flags += (flags.empty() ? "`" : " `") + flag.str() + "`";
    os << "| " << config.name << " | " << (flags.empty() ? "(none)" : flags)
       << " | " << config.description << " | "
       << kAppliesTo[static_cast<int>(config.appliesTo)] << " |\n";
  }
}

/// The columns after the stages: compile and execute by both clocks, the
/// process's wall time, code bytes.
static constexpr int kTotalColumns = 6;

static void writeStages(llvm::raw_ostream &os,
                        llvm::ArrayRef<ProgramResults> results) {
  os << "| program | configuration |";
  for (llvm::StringLiteral key : getStageKeys())
    if (key != "execute")
      os << ' ' << key << " |";
  os << " compile CPU | compile wall | execute CPU | execute wall | process "
        "wall | code bytes | result vs default |\n|---|---|";
  for (size_t i = 0; i + 1 < getStageKeys().size() + kTotalColumns; ++i)
    os << "--:|";
  os << "---|\n";
  for (const ProgramResults &program : results) {
    for (auto [index, entry] : llvm::enumerate(program.byConfig)) {
      const auto &[config, m] = entry;
      os << "| " << program.program << " | " << config->name << " |";
      if (m.failed()) {
        size_t emptyCells = getStageKeys().size() - 1 + kTotalColumns;
        for (size_t i = 0; i < emptyCells; ++i)
          os << " |";
        os << " **FAILED**: " << escapeCell(m.error) << " |\n";
        continue;
      }
      for (llvm::StringLiteral key : getStageKeys())
        if (key != "execute")
          os << ' ' << ms(m.cpu.stage(key)) << " |";
      os << ' ' << ms(m.cpu.compileMs) << " | " << ms(m.wall.compileMs) << " | "
         << ms(m.cpu.executeMs) << " | " << ms(m.wall.executeMs) << " | "
         << ms(m.wallMs) << " | " << bytes(m) << " | "
         << agreement(m, program.reference(), index == 0) << " |\n";
    }
  }
}

static void writeTargets(llvm::raw_ostream &os,
                         llvm::ArrayRef<ProgramResults> results) {
  os << "| program | compile CPU (ms) | compile wall (ms) | CPU under 500 "
        "ms | pre_ad_opt CPU (ms) | pre_ad_opt share of compile CPU | at most "
        "25% |\n|---|--:|--:|---|--:|--:|---|\n";
  for (const ProgramResults &program : results) {
    const Measurement &ref = program.reference();
    if (ref.failed()) {
      os << "| " << program.program << " | **FAILED** | | | | | |\n";
      continue;
    }
    double preAD = ref.cpu.stage("pre_ad_opt");
    double share = preAD / ref.cpu.compileMs;
    os << "| " << program.program << " | " << ms(ref.cpu.compileMs) << " | "
       << ms(ref.wall.compileMs) << " | "
       << (ref.cpu.compileMs < kCompileTargetMs ? "yes" : "**no**") << " | "
       << ms(preAD) << " | "
       << (std::isnan(share) ? "-"
                             : llvm::formatv("{0:f1}%", 100 * share).str())
       << " | "
       << (std::isnan(share)            ? "-"
           : share <= kPreADShareTarget ? "yes"
                                        : "**no**")
       << " |\n";
  }
}

static std::string ratio(double numerator, double denominator) {
  if (std::isnan(numerator) || std::isnan(denominator) || denominator <= 0)
    return "-";
  return llvm::formatv("{0:f2}x", numerator / denominator).str();
}

static void writePreADTradeOff(llvm::raw_ostream &os,
                               llvm::ArrayRef<ProgramResults> results) {
  os << "| program | compile CPU with / without pre-AD O2 (ms) | execute "
        "CPU with / without (ms) | without is slower by | code bytes with / "
        "without | result without |\n|---|--:|--:|--:|--:|---|\n";
  for (const ProgramResults &program : results) {
    const Measurement *with = program.find("default");
    const Measurement *without = program.find("no-pre-ad");
    if (!with || !without)
      continue;
    os << "| " << program.program << " | ";
    if (with->failed() || without->failed()) {
      os << "| | | | "
         << (without->failed() ? "**FAILED**: " + escapeCell(without->error)
                               : "reference failed")
         << " |\n";
      continue;
    }
    os << ms(with->cpu.compileMs) << " / " << ms(without->cpu.compileMs)
       << " | " << ms(with->cpu.executeMs) << " / "
       << ms(without->cpu.executeMs) << " | "
       << ratio(without->cpu.executeMs, with->cpu.executeMs) << " | "
       << bytes(*with) << " / " << bytes(*without) << " | "
       << agreement(*without, *with, false) << " |\n";
  }
}

void qgrad::bench::writeMarkdown(llvm::raw_ostream &os,
                                 llvm::ArrayRef<ProgramResults> results,
                                 unsigned repeats) {
  os << "### Configurations\n\n";
  writeConfigurations(os);
  os << "\n### Every stage (ms, median of " << repeats
     << " warm runs after one untimed run)\n\n"
        "Stages in process CPU time (`cpu_ms`), which a loaded machine does "
        "not inflate; compile: every stage but execute; process wall: the "
        "whole `qgrad run` as the harness saw it, start-up and output "
        "included.\n\n";
  writeStages(os, results);
  os << "\n### Targets (default configuration)\n\n";
  writeTargets(os, results);
  os << "\n### Optimising before AD: cost and benefit\n\n";
  writePreADTradeOff(os, results);
}
