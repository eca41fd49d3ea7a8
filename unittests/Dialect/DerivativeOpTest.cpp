//===- DerivativeOpTest.cpp - grad, value_and_grad, jvp, vjp alike --------===//

#include "qgrad/Dialect/Gradient/IR/GradientOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace qgrad::gradient;

namespace {

constexpr StringLiteral kSource = R"mlir(
func.func private @f(%x: f64, %n: index, %y: f64) -> f64
func.func @uses(%x: f64, %n: index, %t: f64) {
  %g:2 = gradient.grad "fd" @f(%x, %n, %x) {diffArgIndices = dense<[0, 2]> : tensor<2xindex>, finiteDiffParam = 1.0e-3 : f64} : (f64, index, f64) -> (f64, f64)
  %v:2 = gradient.value_and_grad "auto" @f(%x, %n, %x) : (f64, index, f64) -> (f64, f64)
  %y, %dy = gradient.jvp "auto" @f(%x, %n, %x) tangents(%t) : (f64, index, f64, f64) -> (f64, f64)
  %z, %dx = gradient.vjp "auto" @f(%x, %n, %x) cotangents(%t) : (f64, index, f64, f64) -> (f64, f64)
  return
}
)mlir";

TEST(DerivativeOp, AllFourShareOneInterface) {
  MLIRContext context;
  context.loadDialect<GradientDialect, func::FuncDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kSource, &context);
  ASSERT_TRUE(module);

  SmallVector<DerivativeOpInterface> derivatives;
  module->walk([&](DerivativeOpInterface op) { derivatives.push_back(op); });
  ASSERT_EQ(derivatives.size(), 4u);
  for (DerivativeOpInterface op : derivatives) {
    EXPECT_EQ(op.getCalleeAttr().getValue(), "f");
    EXPECT_EQ(op.getCallArgs().size(), 3u)
        << op->getName().getStringRef().str();
  }

  auto grad = cast<GradOp>(derivatives[0].getOperation());
  EXPECT_EQ(derivatives[0].getMethod(), "fd");
  EXPECT_EQ(derivatives[0].getDiffArgPositions(),
            (SmallVector<unsigned>{0, 2}));
  EXPECT_DOUBLE_EQ(grad.getFiniteDiffParamAttr().getValueAsDouble(), 1.0e-3);

  auto valueAndGrad = cast<ValueAndGradOp>(derivatives[1].getOperation());
  EXPECT_EQ(valueAndGrad.getDiffArgPositions(), SmallVector<unsigned>{0});
  EXPECT_EQ(valueAndGrad.getValues().size(), 1u);
  EXPECT_EQ(valueAndGrad.getGradients().size(), 1u);

  auto jvp = cast<JVPOp>(derivatives[2].getOperation());
  EXPECT_EQ(jvp.getTangents().size(), 1u);
  EXPECT_EQ(jvp.getJvps().size(), 1u);

  auto vjp = cast<VJPOp>(derivatives[3].getOperation());
  EXPECT_EQ(vjp.getCalleeResults().size(), 1u);
  EXPECT_EQ(vjp.getVjps().size(), 1u);
}

} // namespace
