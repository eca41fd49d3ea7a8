//===- GradientOps.td - Operations of the gradient dialect -*- tablegen -*-===//

#ifndef QGRAD_DIALECT_GRADIENT_IR_GRADIENTOPS_TD
#define QGRAD_DIALECT_GRADIENT_IR_GRADIENTOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "qgrad/Dialect/Gradient/IR/GradientDialect.td"
include "qgrad/Dialect/Gradient/IR/GradientInterfaces.td"

class Gradient_Op<string mnemonic, list<Trait> traits = []>
    : Op<Gradient_Dialect, mnemonic, traits>;

def Gradient_FloatOrTensor : AnyTypeOf<[AnyFloat, RankedTensorOf<[AnyFloat]>]>;
def Gradient_FloatTensorOrMemRef
    : AnyTypeOf<[AnyFloat, RankedTensorOf<[AnyFloat]>, MemRefOf<[AnyFloat]>]>;

// The ops that ask for a derivative by method ("auto" or "fd") share these
// operands, attributes and accessors.
class Gradient_DerivativeOp<string mnemonic, list<Trait> traits = []>
    : Gradient_Op<mnemonic,
                  traits # [Gradient_DerivativeOpInterface,
                            DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  dag derivativeAttrs = (ins StrAttr:$method, FlatSymbolRefAttr:$callee,
                             OptionalAttr<AnyIntElementsAttr>:$diffArgIndices,
                             OptionalAttr<Builtin_FloatAttr>:$finiteDiffParam);
  code derivativeClassDeclaration = [{
    ::mlir::OperandRange getCallArgs() { return getODSOperands(0); }
    /// The differentiated argument positions (argument 0 when not given).
    ::llvm::SmallVector<unsigned> getDiffArgPositions() {
      return ::qgrad::gradient::getDiffArgPositions(getDiffArgIndicesAttr());
    }
  }];
  let extraClassDeclaration = derivativeClassDeclaration;
}

def Gradient_GradOp : Gradient_DerivativeOp<"grad"> {
  let summary = "The gradient (Jacobian) of a function at the given arguments";
  let description = [{
    One result per (callee result, differentiated argument) pair, result
    major, each with the shape (result shape ++ argument shape) and the
    argument's element type. `diffArgIndices` selects the arguments
    (argument 0 by default). Method "auto" differentiates exactly: reverse
    mode for classical code, the qnode's own quantum method inside circuits.
    Method "fd" is a forward difference with step `finiteDiffParam`.

    ```mlir
    %g = gradient.grad "auto" @f(%x) : (f64) -> f64
    %g = gradient.grad "fd" @f(%x) {finiteDiffParam = 1.0e-1 : f64} : (f64) -> f64
    %g:2 = gradient.grad "auto" @f(%x, %y) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, f64) -> (f64, f64)
    ```
  }];
  let arguments = !con(derivativeAttrs, (ins Variadic<AnyType>:$args));
  let results = (outs Variadic<Gradient_FloatOrTensor>:$gradients);
  let assemblyFormat = [{
    $method $callee `(` $args `)` attr-dict `:` functional-type($args, results)
  }];
}

def Gradient_HessianOp : Gradient_DerivativeOp<"hessian"> {
  let summary = "The Hessian of a scalar function at the given arguments";
  let description = [{
    The callee returns one f64. One result per pair (i, j) of differentiated
    arguments, i major: block (i, j) holds d^2 f / d arg_i d arg_j with the
    shape (shape of arg_i ++ shape of arg_j), an f64 when both are scalars.
    It is the Jacobian of the gradient (`grad` of a function returning
    `grad`), computed exactly with method "auto" (reverse over reverse, and
    the parameter-shift rule applied twice inside qnodes) or by finite
    differences of finite differences with "fd".

    ```mlir
    %hxx, %hxv, %hvx, %hvv = gradient.hessian "auto" @f(%x, %v)
        {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
        : (f64, tensor<3xf64>) -> (f64, tensor<3xf64>, tensor<3xf64>, tensor<3x3xf64>)
    ```
  }];
  let arguments = !con(derivativeAttrs, (ins Variadic<AnyType>:$args));
  let results = (outs Variadic<Gradient_FloatOrTensor>:$blocks);
  let assemblyFormat = [{
    $method $callee `(` $args `)` attr-dict `:` functional-type($args, results)
  }];
}

def Gradient_ValueAndGradOp : Gradient_DerivativeOp<"value_and_grad"> {
  let summary = "The callee's results followed by its gradient";
  let description = [{
    ```mlir
    %v, %g = gradient.value_and_grad "auto" @f(%x) : (f64) -> (f64, f64)
    ```
  }];
  let arguments = !con(derivativeAttrs, (ins Variadic<AnyType>:$args));
  let results = (outs Variadic<Gradient_FloatOrTensor>:$valuesAndGradients);
  let assemblyFormat = [{
    $method $callee `(` $args `)` attr-dict `:` functional-type($args, results)
  }];
  let extraClassDeclaration = derivativeClassDeclaration # [{
    /// Callee results come first, one per callee result; the gradients
    /// (one per result and differentiated argument) follow.
    unsigned getNumCalleeResults() {
      return getNumResults() / (1 + getDiffArgPositions().size());
    }
    ::mlir::ResultRange getValues() {
      return getValuesAndGradients().take_front(getNumCalleeResults());
    }
    ::mlir::ResultRange getGradients() {
      return getValuesAndGradients().drop_front(getNumCalleeResults());
    }
  }];
}

def Gradient_JVPOp : Gradient_DerivativeOp<"jvp",
    [AttrSizedOperandSegments, SameVariadicResultSize]> {
  let summary = "Forward mode: the callee's results and J * tangents";
  let description = [{
    One tangent per differentiated argument, of the argument's type; one
    result per callee result, then one directional derivative per callee
    result, of the result's type.

    ```mlir
    %y, %dy = gradient.jvp "auto" @f(%x) tangents(%dx) : (f64, f64) -> (f64, f64)
    ```
  }];
  let arguments = !con(derivativeAttrs,
                       (ins Variadic<AnyType>:$params,
                            Variadic<Gradient_FloatOrTensor>:$tangents));
  let results = (outs Variadic<Gradient_FloatOrTensor>:$calleeResults,
                      Variadic<Gradient_FloatOrTensor>:$jvps);
  let assemblyFormat = [{
    $method $callee `(` $params `)` `tangents` `(` $tangents `)`
    attr-dict `:` functional-type(operands, results)
  }];
}

def Gradient_VJPOp : Gradient_DerivativeOp<"vjp", [AttrSizedOperandSegments]> {
  let summary = "Reverse mode: the callee's results and cotangents * J";
  let description = [{
    One cotangent per callee result, of the result's type; one result per
    callee result, then one vector-Jacobian product per differentiated
    argument, of the argument's type.

    ```mlir
    %y, %dx = gradient.vjp "auto" @f(%x) cotangents(%dy) : (f64, f64) -> (f64, f64)
    ```
  }];
  let arguments = !con(derivativeAttrs,
                       (ins Variadic<AnyType>:$params,
                            Variadic<Gradient_FloatOrTensor>:$cotangents));
  let results = (outs Variadic<Gradient_FloatOrTensor>:$resultsAndVjps);
  let assemblyFormat = [{
    $method $callee `(` $params `)` `cotangents` `(` $cotangents `)`
    attr-dict `:` functional-type(operands, results)
  }];
  let extraClassDeclaration = derivativeClassDeclaration # [{
    ::mlir::ResultRange getCalleeResults() {
      return getResultsAndVjps().take_front(getCotangents().size());
    }
    ::mlir::ResultRange getVjps() {
      return getResultsAndVjps().drop_front(getCotangents().size());
    }
  }];
}

def Gradient_BackpropOp : Gradient_Op<"backprop",
    [AttrSizedOperandSegments,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
     DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "One reverse sweep through a function, seeded with cotangents";
  let description = [{
    The primitive that `grad` and friends lower to, and that is lowered to
    the AD engine's `__enzyme_autodiff`. The callee is called with `args`
    followed by the `callee_out` buffers (destination-passing outputs); each
    cotangent seeds one output: one per `callee_out` buffer when there are
    any, else one per callee result. The adjoint of every differentiated
    argument (`diffArgIndices`, argument 0 by default) comes back as a result
    for a scalar or tensor argument, and lands in the matching `grad_out`
    shadow buffer for a memref argument. Cotangent buffers are consumed: the
    reverse sweep may overwrite them.

    ```mlir
    %g = gradient.backprop @circuit.argmap(%x) callee_out(%params : memref<?xf64>)
           cotangents(%ct : memref<?xf64>) : (f64) -> f64
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Variadic<AnyType>:$args,
                       Variadic<MemRefOf<[AnyFloat]>>:$diffArgShadows,
                       Variadic<MemRefOf<[AnyFloat]>>:$calleeOut,
                       Variadic<Gradient_FloatTensorOrMemRef>:$cotangents,
                       OptionalAttr<AnyIntElementsAttr>:$diffArgIndices);
  let results = (outs Variadic<Gradient_FloatOrTensor>:$gradients);
  let assemblyFormat = [{
    $callee `(` $args `)`
    (`grad_out` `(` $diffArgShadows^ `:` type($diffArgShadows) `)`)?
    (`callee_out` `(` $calleeOut^ `:` type($calleeOut) `)`)?
    `cotangents` `(` $cotangents `:` type($cotangents) `)`
    attr-dict `:` functional-type($args, results)
  }];
  let extraClassDeclaration = [{
    ::llvm::SmallVector<unsigned> getDiffArgPositions() {
      return ::qgrad::gradient::getDiffArgPositions(getDiffArgIndicesAttr());
    }
  }];
}

def Gradient_FwdpropOp : Gradient_Op<"fwdprop",
    [AttrSizedOperandSegments,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
     DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "One forward-mode sweep through a function, along tangents";
  let description = [{
    The forward-mode counterpart of `backprop`, which `jvp` lowers to and
    which is lowered to the AD engine's `__enzyme_fwddiff`. The callee is
    called with `args` followed by the `callee_out` buffers and returns
    nothing. Every differentiated argument (`diffArgIndices`, argument 0 by
    default) has a tangent of its own type (a float, or a memref of the same
    shape); the sweep writes the callee's outputs into `callee_out` and their
    tangents into the matching `out_tangents` buffers.

    ```mlir
    gradient.fwdprop @f.dps(%x, %v) tangents(%dx, %dv : f64, memref<2xf64>)
        callee_out(%y : memref<f64>) out_tangents(%dy : memref<f64>)
        {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
        : (f64, memref<2xf64>) -> ()
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Variadic<AnyType>:$args,
                       Variadic<AnyType>:$tangents,
                       Variadic<MemRefOf<[AnyFloat]>>:$calleeOut,
                       Variadic<MemRefOf<[AnyFloat]>>:$outTangents,
                       OptionalAttr<AnyIntElementsAttr>:$diffArgIndices);
  let assemblyFormat = [{
    $callee `(` $args `)`
    `tangents` `(` ($tangents^ `:` type($tangents))? `)`
    `callee_out` `(` ($calleeOut^ `:` type($calleeOut))? `)`
    `out_tangents` `(` ($outTangents^ `:` type($outTangents))? `)`
    attr-dict `:` functional-type($args, results)
  }];
  let extraClassDeclaration = [{
    ::llvm::SmallVector<unsigned> getDiffArgPositions() {
      return ::qgrad::gradient::getDiffArgPositions(getDiffArgIndicesAttr());
    }
  }];
}

#endif // QGRAD_DIALECT_GRADIENT_IR_GRADIENTOPS_TD
