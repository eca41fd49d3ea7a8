//===- ResultPrinter.h - Printing entry-point results -----------*- C++ -*-===//

#ifndef QGRAD_DRIVER_RESULTPRINTER_H
#define QGRAD_DRIVER_RESULTPRINTER_H

#include "qgrad/Driver/HostValue.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace qgrad::driver {

/// One value as text: f64 with 17 significant digits (trailing zeros kept so
/// the precision is visible), f32 with 9, integers exactly, i1 as
/// true/false, tensors as nested lists.
std::string formatValue(const HostValue &value);

/// The same value as JSON (non-finite floats become null, which JSON
/// requires).
std::string formatValueAsJSON(const HostValue &value);

/// {"results": [...], "timings_ms": {"parse": ..., ...}, "cpu_ms": {...},
/// "code_bytes": N}: wall-clock and process CPU time per stage, and the size
/// of the generated machine code (text sections). cpu_ms is left out when
/// `cpuStages` is empty, code_bytes when the size is unknown.
void printJSONReport(
    llvm::raw_ostream &os, const std::vector<HostValue> &results,
    const std::vector<std::pair<std::string, double>> &stages,
    std::optional<uint64_t> codeBytes = std::nullopt,
    const std::vector<std::pair<std::string, double>> &cpuStages = {});

} // namespace qgrad::driver

#endif // QGRAD_DRIVER_RESULTPRINTER_H
