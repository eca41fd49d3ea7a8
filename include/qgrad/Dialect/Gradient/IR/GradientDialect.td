//===- GradientDialect.td - The gradient dialect -----------*- tablegen -*-===//

#ifndef QGRAD_DIALECT_GRADIENT_IR_GRADIENTDIALECT_TD
#define QGRAD_DIALECT_GRADIENT_IR_GRADIENTDIALECT_TD

include "mlir/IR/DialectBase.td"

def Gradient_Dialect : Dialect {
  let name = "gradient";
  let summary = "Derivatives of functions, requested by symbol";
  let description = [{
    Each op names a function (`@f`) and asks for a derivative of it at the
    given arguments: its gradient or Jacobian (`grad`), value and gradient
    (`value_and_grad`), a Jacobian-vector product (`jvp`), a vector-Jacobian
    product (`vjp`), or, as the primitive the lowering produces, a reverse
    sweep seeded with given cotangents (`backprop`). A Jacobian has the shape
    (result shape ++ argument shape).
  }];
  let cppNamespace = "::qgrad::gradient";
  let dependentDialects = ["::qgrad::quantum::QuantumDialect"];
}

#endif // QGRAD_DIALECT_GRADIENT_IR_GRADIENTDIALECT_TD
