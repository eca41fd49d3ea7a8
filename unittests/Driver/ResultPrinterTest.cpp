//===- ResultPrinterTest.cpp - Printing entry-point results ---------------===//

#include "qgrad/Driver/ResultPrinter.h"

#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <cmath>
#include <cstring>

using namespace qgrad::driver;

namespace {

template <typename T>
HostValue make(ElementKind kind, std::vector<T> data,
               std::vector<int64_t> shape = {}) {
  HostValue value;
  value.element = kind;
  value.isTensor = !shape.empty() || data.size() != 1;
  value.shape = std::move(shape);
  value.bytes.resize(data.size() * sizeof(T));
  if (!data.empty()) // memcpy's pointers may not be null, even for 0 bytes
    std::memcpy(value.bytes.data(), data.data(), value.bytes.size());
  return value;
}

TEST(ResultPrinter, SeventeenSignificantDigitsWithTrailingZeros) {
  EXPECT_EQ(formatValue(make<double>(ElementKind::F64, {0.5})),
            "0.50000000000000000");
  EXPECT_EQ(formatValue(make<double>(ElementKind::F64, {0.1})),
            "0.10000000000000001");
  EXPECT_EQ(formatValue(make<float>(ElementKind::F32, {0.1f})), "0.100000001");
}

TEST(ResultPrinter, IntegersAndBooleans) {
  EXPECT_EQ(formatValue(make<int64_t>(ElementKind::I64, {-7})), "-7");
  EXPECT_EQ(formatValue(make<int32_t>(ElementKind::I32, {123})), "123");
  EXPECT_EQ(formatValue(make<uint8_t>(ElementKind::I1, {1})), "true");
}

TEST(ResultPrinter, NestedLists) {
  auto matrix = make<int64_t>(ElementKind::I64, {1, 2, 3, 4, 5, 6}, {2, 3});
  EXPECT_EQ(formatValue(matrix), "[[1, 2, 3], [4, 5, 6]]");
  auto empty = make<double>(ElementKind::F64, {}, {0});
  EXPECT_EQ(formatValue(empty), "[]");
}

TEST(ResultPrinter, JSONReportIsOrderedAndValid) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printJSONReport(os,
                  {make<double>(ElementKind::F64, {1.5}),
                   make<double>(ElementKind::F64, {NAN, 2.0}, {2})},
                  {{"parse", 1.0}, {"execute", 0.25}});
  EXPECT_EQ(text, "{\"results\": [1.5, [null, 2]], \"timings_ms\": "
                  "{\"parse\": 1.000, \"execute\": 0.250}}\n");
}

TEST(ResultPrinter, JSONReportHasCPUTimesWhenGiven) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printJSONReport(os, {}, {{"parse", 3.0}}, std::nullopt, {{"parse", 1.5}});
  EXPECT_EQ(text, "{\"results\": [], \"timings_ms\": {\"parse\": 3.000}, "
                  "\"cpu_ms\": {\"parse\": 1.500}}\n");
}

TEST(ResultPrinter, JSONReportEndsWithCodeSizeWhenKnown) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printJSONReport(os, {make<double>(ElementKind::F64, {1.5})},
                  {{"codegen", 2.0}}, 4096);
  EXPECT_EQ(text, "{\"results\": [1.5], \"timings_ms\": "
                  "{\"codegen\": 2.000}, \"code_bytes\": 4096}\n");
}

} // namespace
