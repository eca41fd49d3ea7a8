//===- ResultPrinter.cpp - Printing entry-point results -------------------===//

#include "qgrad/Driver/ResultPrinter.h"

#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>

using namespace qgrad::driver;

namespace {

enum class Style { Text, JSON };

std::string formatElement(const HostValue &value, int64_t index, Style style) {
  switch (value.element) {
  case ElementKind::I1:
    return value.getAsInteger(index) ? "true" : "false";
  case ElementKind::I64:
  case ElementKind::I32:
    return std::to_string(value.getAsInteger(index));
  case ElementKind::F64:
  case ElementKind::F32:
    break;
  }
  double number = value.getAsDouble(index);
  if (style == Style::JSON && !std::isfinite(number))
    return "null";
  // '#' keeps trailing zeros: 17 (or 9) significant digits always show.
  const char *format = value.element == ElementKind::F64
                           ? (style == Style::JSON ? "%.17g" : "%#.17g")
                           : (style == Style::JSON ? "%.9g" : "%#.9g");
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), format, number);
  return buffer;
}

void formatNested(const HostValue &value, size_t dim, int64_t &next,
                  Style style, std::string &out) {
  if (dim == value.shape.size()) {
    out += formatElement(value, next++, style);
    return;
  }
  out += '[';
  for (int64_t i = 0; i < value.shape[dim]; ++i) {
    if (i)
      out += ", ";
    formatNested(value, dim + 1, next, style, out);
  }
  out += ']';
}

std::string format(const HostValue &value, Style style) {
  std::string out;
  int64_t next = 0;
  formatNested(value, 0, next, style, out);
  return out;
}

} // namespace

std::string qgrad::driver::formatValue(const HostValue &value) {
  return format(value, Style::Text);
}

std::string qgrad::driver::formatValueAsJSON(const HostValue &value) {
  return format(value, Style::JSON);
}

/// {"key": ms, ...} with three decimals, keys in the given order.
static void
printStageObject(llvm::raw_ostream &os,
                 const std::vector<std::pair<std::string, double>> &stages) {
  os << '{';
  for (size_t i = 0; i < stages.size(); ++i) {
    char buffer[32];
    std::snprintf(buffer, sizeof(buffer), "%.3f", stages[i].second);
    os << (i ? ", " : "") << '"' << stages[i].first << "\": " << buffer;
  }
  os << '}';
}

void qgrad::driver::printJSONReport(
    llvm::raw_ostream &os, const std::vector<HostValue> &results,
    const std::vector<std::pair<std::string, double>> &stages,
    std::optional<uint64_t> codeBytes,
    const std::vector<std::pair<std::string, double>> &cpuStages) {
  os << "{\"results\": [";
  for (size_t i = 0; i < results.size(); ++i)
    os << (i ? ", " : "") << formatValueAsJSON(results[i]);
  os << "], \"timings_ms\": ";
  printStageObject(os, stages);
  if (!cpuStages.empty()) {
    os << ", \"cpu_ms\": ";
    printStageObject(os, cpuStages);
  }
  if (codeBytes)
    os << ", \"code_bytes\": " << *codeBytes;
  os << "}\n";
}
