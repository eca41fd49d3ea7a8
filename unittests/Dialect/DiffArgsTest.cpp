//===- DiffArgsTest.cpp - Derivative type rules ---------------------------===//

#include "qgrad/Dialect/Gradient/IR/DiffArgs.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace qgrad::gradient;

namespace {

class DiffArgsTest : public ::testing::Test {
protected:
  MLIRContext context;
  Builder builder{&context};
  Type f64 = builder.getF64Type();
  Type f32 = builder.getF32Type();

  RankedTensorType tensor(ArrayRef<int64_t> shape, Type element) {
    return RankedTensorType::get(shape, element);
  }
};

TEST_F(DiffArgsTest, ScalarByScalarIsScalar) {
  EXPECT_EQ(getJacobianType(f64, f64), f64);
}

TEST_F(DiffArgsTest, JacobianShapeIsResultShapeThenArgumentShape) {
  EXPECT_EQ(getJacobianType(tensor({2}, f64), tensor({3}, f64)),
            tensor({2, 3}, f64));
  EXPECT_EQ(getJacobianType(tensor({2, 3}, f64), tensor({3}, f64)),
            tensor({2, 3, 3}, f64));
  EXPECT_EQ(getJacobianType(f64, tensor({3}, f64)), tensor({3}, f64));
  EXPECT_EQ(getJacobianType(tensor({4}, f64), f64), tensor({4}, f64));
  EXPECT_EQ(getJacobianType(tensor({}, f64), f64), tensor({}, f64));
}

TEST_F(DiffArgsTest, JacobianKeepsDynamicSizesAndArgumentElementType) {
  EXPECT_EQ(
      getJacobianType(tensor({ShapedType::kDynamic}, f64), tensor({2}, f32)),
      tensor({ShapedType::kDynamic, 2}, f32));
  EXPECT_EQ(getJacobianType(f64, MemRefType::get({5}, f64)), tensor({5}, f64));
}

TEST_F(DiffArgsTest, DifferentiableTypes) {
  EXPECT_TRUE(isDifferentiableType(f64));
  EXPECT_TRUE(isDifferentiableType(f32));
  EXPECT_TRUE(isDifferentiableType(tensor({3}, f64)));
  EXPECT_TRUE(isDifferentiableType(MemRefType::get({3}, f64)));
  EXPECT_FALSE(isDifferentiableType(builder.getI64Type()));
  EXPECT_FALSE(isDifferentiableType(builder.getIndexType()));
  EXPECT_FALSE(isDifferentiableType(tensor({3}, builder.getI32Type())));
  EXPECT_FALSE(isDifferentiableType(ComplexType::get(f64)));
  EXPECT_FALSE(
      isDifferentiableType(UnrankedTensorType::get(builder.getF64Type())));
}

TEST_F(DiffArgsTest, SeedsMatchByShapeAndElementType) {
  EXPECT_TRUE(
      haveSameShapeAndElementType(tensor({2}, f64), MemRefType::get({2}, f64)));
  EXPECT_TRUE(haveSameShapeAndElementType(f64, f64));
  EXPECT_FALSE(haveSameShapeAndElementType(f64, tensor({}, f64)));
  EXPECT_FALSE(haveSameShapeAndElementType(tensor({2}, f64), tensor({3}, f64)));
  EXPECT_FALSE(haveSameShapeAndElementType(tensor({2}, f64), tensor({2}, f32)));
}

TEST_F(DiffArgsTest, DefaultDifferentiatesArgumentZero) {
  EXPECT_EQ(getDiffArgPositions(nullptr), SmallVector<unsigned>{0});
  auto indices = DenseIntElementsAttr::get(tensor({2}, builder.getIndexType()),
                                           ArrayRef<int64_t>{0, 2});
  EXPECT_EQ(getDiffArgPositions(indices), (SmallVector<unsigned>{0, 2}));
}

} // namespace
