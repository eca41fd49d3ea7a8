//===- ArgumentParserTest.cpp - Literals to host values -------------------===//

#include "qgrad/Driver/ArgumentParser.h"

#include "llvm/Support/Error.h"
#include "gtest/gtest.h"

using namespace qgrad::driver;

namespace {

ValueType scalar(ElementKind kind) {
  ValueType type;
  type.element = kind;
  return type;
}

ValueType tensor(ElementKind kind, std::vector<std::optional<int64_t>> dims) {
  ValueType type;
  type.element = kind;
  type.isTensor = true;
  type.dims = std::move(dims);
  return type;
}

std::string errorOf(llvm::StringRef text, const ValueType &type) {
  auto value = parseArgument(text, type, 0);
  if (value)
    return "<no error>";
  return llvm::toString(value.takeError());
}

TEST(ArgumentParser, ParsesFloatsExactly) {
  auto value = parseArgument("0.1", scalar(ElementKind::F64), 0);
  ASSERT_TRUE(static_cast<bool>(value));
  EXPECT_EQ(value->getAsDouble(0), 0.1);
  auto negative = parseArgument("-1.5e-3", scalar(ElementKind::F64), 0);
  ASSERT_TRUE(static_cast<bool>(negative));
  EXPECT_EQ(negative->getAsDouble(0), -1.5e-3);
  auto single = parseArgument("0.1", scalar(ElementKind::F32), 0);
  ASSERT_TRUE(static_cast<bool>(single));
  EXPECT_EQ(single->bytes.size(), 4u);
  EXPECT_EQ(single->getAsDouble(0), static_cast<double>(0.1f));
}

TEST(ArgumentParser, IntegersMustBeIntegersThatFit) {
  auto value = parseArgument("-42", scalar(ElementKind::I64), 0);
  ASSERT_TRUE(static_cast<bool>(value));
  EXPECT_EQ(value->getAsInteger(0), -42);
  EXPECT_NE(
      errorOf("1.0", scalar(ElementKind::I64)).find("expected an integer"),
      std::string::npos);
  EXPECT_NE(errorOf("2147483648", scalar(ElementKind::I32)).find("fits i32"),
            std::string::npos);
  EXPECT_EQ(errorOf("2147483647", scalar(ElementKind::I32)), "<no error>");
}

TEST(ArgumentParser, Booleans) {
  for (auto [text, expected] : {std::pair{"true", 1}, std::pair{"false", 0},
                                std::pair{"1", 1}, std::pair{"0", 0}}) {
    auto value = parseArgument(text, scalar(ElementKind::I1), 0);
    ASSERT_TRUE(static_cast<bool>(value)) << text;
    EXPECT_EQ(value->getAsInteger(0), expected) << text;
  }
  EXPECT_NE(errorOf("2", scalar(ElementKind::I1)).find("for i1"),
            std::string::npos);
  EXPECT_NE(errorOf("true", scalar(ElementKind::F64)).find("expected a number"),
            std::string::npos);
}

TEST(ArgumentParser, NestedListsInRowMajorOrder) {
  auto value = parseArgument(" [ [1, 2,3] ,[4,5, 6] ] ",
                             tensor(ElementKind::F64, {2, 3}), 0);
  ASSERT_TRUE(static_cast<bool>(value));
  EXPECT_EQ(value->shape, (std::vector<int64_t>{2, 3}));
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(value->getAsDouble(i), i + 1);
}

TEST(ArgumentParser, DynamicDimensionsTakeTheLiteralsShape) {
  auto value = parseArgument("[[1],[2],[3]]",
                             tensor(ElementKind::I32, {std::nullopt, 1}), 0);
  ASSERT_TRUE(static_cast<bool>(value));
  EXPECT_EQ(value->shape, (std::vector<int64_t>{3, 1}));
  EXPECT_EQ(value->getAsInteger(2), 3);
}

// Found by fuzz-args: a scalar and a list at one depth under different
// parents bound to shape 2x1x0 with one element's bytes.
TEST(ArgumentParser, RejectsListsRaggedAcrossParents) {
  auto cube =
      tensor(ElementKind::I32, {std::nullopt, std::nullopt, std::nullopt});
  EXPECT_NE(errorOf("[[2], [[]]]", cube).find("ragged"), std::string::npos);
  EXPECT_NE(errorOf("[[[1]], [2]]", cube).find("ragged"), std::string::npos);
  auto value = parseArgument("[[[1, 2]], [[3, 4]]]", cube, 0);
  ASSERT_TRUE(static_cast<bool>(value));
  EXPECT_EQ(value->shape, (std::vector<int64_t>{2, 1, 2}));
}

TEST(ArgumentParser, RejectsRaggedAndMismatchedLists) {
  auto matrix = tensor(ElementKind::F64, {2, 2});
  EXPECT_NE(errorOf("[[1,2],[3]]", matrix).find("ragged"), std::string::npos);
  EXPECT_NE(errorOf("[[1,2],3]", matrix).find("ragged"), std::string::npos);
  EXPECT_NE(errorOf("[1,2]", matrix).find("expected rank 2"),
            std::string::npos);
  EXPECT_NE(errorOf("[[1,2,3],[4,5,6]]", matrix).find("must be 2, found 3"),
            std::string::npos);
  EXPECT_NE(errorOf("3", matrix).find("nested list"), std::string::npos);
}

TEST(ArgumentParser, SyntaxErrorsNameTheColumn) {
  auto vector = tensor(ElementKind::F64, {std::nullopt});
  EXPECT_NE(errorOf("[1,2", vector).find("column 5: missing ']'"),
            std::string::npos);
  EXPECT_NE(errorOf("[1;2]", vector).find("'1;2' is not a number"),
            std::string::npos);
  EXPECT_NE(errorOf("[1,2]]", vector).find("column 6: unexpected ']'"),
            std::string::npos);
  EXPECT_NE(errorOf("", scalar(ElementKind::F64)).find("expected a number"),
            std::string::npos);
}

TEST(ArgumentParser, BoundsNestingDepth) {
  std::string deep(100, '[');
  deep += "1";
  deep += std::string(100, ']');
  EXPECT_NE(errorOf(deep, tensor(ElementKind::F64, {})).find("nested deeper"),
            std::string::npos);
}

TEST(ArgumentParser, ErrorsNameTheArgumentAndType) {
  auto value = parseArgument("x", scalar(ElementKind::F64), 3);
  ASSERT_FALSE(static_cast<bool>(value));
  EXPECT_EQ(llvm::toString(value.takeError()),
            "argument 3 ('x', f64): column 1: 'x' is not a number");
}

} // namespace
