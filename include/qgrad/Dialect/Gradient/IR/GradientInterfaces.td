//===- GradientInterfaces.td - Interfaces of gradient ops --*- tablegen -*-===//

#ifndef QGRAD_DIALECT_GRADIENT_IR_GRADIENTINTERFACES_TD
#define QGRAD_DIALECT_GRADIENT_IR_GRADIENTINTERFACES_TD

include "mlir/IR/OpBase.td"

def Gradient_DerivativeOpInterface : OpInterface<"DerivativeOpInterface"> {
  let description = [{
    An op that asks for a derivative of a function by method: grad,
    value_and_grad, jvp and vjp. Verifiers and lowering passes treat the four
    alike through it.
  }];
  let cppNamespace = "::qgrad::gradient";
  let methods = [
    InterfaceMethod<"\"auto\" (exact) or \"fd\" (finite differences).",
      "::llvm::StringRef", "getMethod">,
    InterfaceMethod<"The differentiated function.",
      "::mlir::FlatSymbolRefAttr", "getCalleeAttr">,
    InterfaceMethod<"The arguments the function is called with.",
      "::mlir::OperandRange", "getCallArgs">,
    InterfaceMethod<"The differentiated argument positions.",
      "::llvm::SmallVector<unsigned>", "getDiffArgPositions">,
    InterfaceMethod<"The step of method \"fd\", when given.",
      "::mlir::FloatAttr", "getFiniteDiffParamAttr">,
    InterfaceMethod<"The diffArgIndices attribute, when given.",
      "::mlir::DenseIntElementsAttr", "getDiffArgIndicesAttr">,
  ];
  let verify = [{ return ::qgrad::gradient::verifyDerivativeAttrs($_op); }];
}

#endif // QGRAD_DIALECT_GRADIENT_IR_GRADIENTINTERFACES_TD
