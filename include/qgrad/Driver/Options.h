//===- Options.h - The qgrad driver's command line --------------*- C++ -*-===//

#ifndef QGRAD_DRIVER_OPTIONS_H
#define QGRAD_DRIVER_OPTIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace qgrad::driver {

enum class Command { Run, Compile, Help, Version };

/// Which intermediate form --emit prints instead of running.
enum class EmitKind { None, MLIRLLVM, LLVMIR, LLVMIROpt };

struct DriverOptions {
  Command command = Command::Help;
  std::string inputPath;
  std::string entry = "main";
  unsigned optLevel = 2;
  bool json = false;
  bool timeStages = false;
  /// Distribute the runtime's registers over the MPI job's ranks
  /// (qgrad_rt_mpi_init); only rank 0 prints.
  bool mpi = false;
  /// O2 without vectorizers before the AD engine.
  bool preADOpt = true;
  /// When set, this pass pipeline replaces the O2 before the AD engine.
  std::string preADPasses;
  /// The -O pipeline after the AD engine.
  bool postADOpt = true;
  /// Run pre_ad_opt/ad/post_ad_opt even when the module has no gradient
  /// (for measuring what skipping them saves).
  bool alwaysRunADStages = false;
  EmitKind emit = EmitKind::None;
  std::string keepIntermediateDir;
  std::string outputPath;
  std::vector<std::string> arguments;
};

/// Parses argv (without the program name). Literal arguments may start with
/// '-' (negative numbers), so anything after the input file that is not a
/// known option is an argument; `--` ends option parsing.
llvm::Expected<DriverOptions> parseCommandLine(llvm::ArrayRef<std::string> argv);

/// The text of `qgrad --help`, including every timing key.
const char *getHelpText();

} // namespace qgrad::driver

#endif // QGRAD_DRIVER_OPTIONS_H
