//===- Plot.h - Compile time against run time, with gnuplot -----*- C++ -*-===//

#ifndef QGRAD_BENCH_PIPELINE_PLOT_H
#define QGRAD_BENCH_PIPELINE_PLOT_H

#include "Report.h"

#include "llvm/Support/Error.h"

namespace qgrad::bench {

/// Writes a PNG with one point per program and configuration (compile time
/// on x, execution time on y, both logarithmic), one colour per
/// configuration; runs that failed or whose results differ from the default
/// configuration's are left out. Fails with a clear message when gnuplot is
/// not installed.
llvm::Error plotCompileVersusRun(llvm::ArrayRef<ProgramResults> results,
                                 llvm::StringRef pngPath);

} // namespace qgrad::bench

#endif // QGRAD_BENCH_PIPELINE_PLOT_H
