//===- QuantumOps.td - Operations of the quantum dialect ---*- tablegen -*-===//

#ifndef QGRAD_DIALECT_QUANTUM_IR_QUANTUMOPS_TD
#define QGRAD_DIALECT_QUANTUM_IR_QUANTUMOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "qgrad/Dialect/Quantum/IR/QuantumAttrs.td"
include "qgrad/Dialect/Quantum/IR/QuantumDialect.td"
include "qgrad/Dialect/Quantum/IR/QuantumInterfaces.td"
include "qgrad/Dialect/Quantum/IR/QuantumTypes.td"

// The simulator's state: measurements read it, mid-circuit measurement and
// device selection change it. Declaring this (instead of no effects) lets
// ownership-based buffer deallocation and other memory analyses accept
// quantum ops next to memref code.
def Quantum_StateResource : Resource<"::qgrad::quantum::QuantumStateResource">;
def Quantum_ReadsState : MemoryEffects<[MemRead<Quantum_StateResource>]>;
def Quantum_ChangesState
    : MemoryEffects<[MemRead<Quantum_StateResource>,
                     MemWrite<Quantum_StateResource>]>;

class Quantum_Op<string mnemonic, list<Trait> traits = []>
    : Op<Quantum_Dialect, mnemonic, traits>;

def Quantum_StaticIndexAttr : ConfinedAttr<I64Attr, [IntNonNegative]>;
def Quantum_StaticSizeAttr : ConfinedAttr<I64Attr, [IntMinValue<1>]>;
def Quantum_ComplexMatrix
    : AnyTypeOf<[2DTensorOf<[Complex<F64>]>, MemRefRankOf<[Complex<F64>], [2]>]>;

//===----------------------------------------------------------------------===//
// Device and memory
//===----------------------------------------------------------------------===//

def Quantum_DeviceOp : Quantum_Op<"device", [Quantum_ChangesState]> {
  let summary = "Selects the runtime device the enclosing circuit runs on";
  let description = [{
    Optional. `specs` names the device (library, device name, keyword
    arguments, in the order Catalyst prints them); `shots` sets the number of
    samples for sampling measurements. Without it the runtime's default
    device runs the circuit.

    ```mlir
    quantum.device ["", "qgrad.statevector", "{}"]
    quantum.device shots(%c1000) ["", "qgrad.statevector", "{}"]
    ```
  }];
  let arguments = (ins Optional<I64>:$shots, OptionalAttr<StrArrayAttr>:$specs);
  let assemblyFormat = "(`shots` `(` $shots^ `)`)? ($specs^)? attr-dict";
}

// Catalyst's device lifecycle: its programs release the device after each
// circuit and initialise and finalise the runtime in @setup and @teardown.
// qgrad's runtime has one simulator for the process, so all three are
// accepted and lowered to nothing (docs/interop.md).
def Quantum_DeviceReleaseOp : Quantum_Op<"device_release", [Quantum_ChangesState]> {
  let summary = "Ends the use of the device quantum.device selected";
  let assemblyFormat = "attr-dict";
}

def Quantum_InitOp : Quantum_Op<"init", [Quantum_ChangesState]> {
  let summary = "Initialises the runtime (Catalyst's @setup)";
  let assemblyFormat = "attr-dict";
}

def Quantum_FinalizeOp : Quantum_Op<"finalize", [Quantum_ChangesState]> {
  let summary = "Finalises the runtime (Catalyst's @teardown)";
  let assemblyFormat = "attr-dict";
}

def Quantum_AllocOp : Quantum_Op<"alloc"> {
  let summary = "Allocates a register of qubits, all in state |0>";
  let description = [{
    The size is a constant (`quantum.alloc( 2)`) or an i64 value known only
    at run time (`quantum.alloc(%n)`).
  }];
  let arguments = (ins Optional<I64>:$nqubits,
                       OptionalAttr<Quantum_StaticSizeAttr>:$nqubits_attr);
  let results = (outs Res<Quantum_QuregType, "", [MemAlloc]>:$qreg);
  let assemblyFormat = [{
    `(` ($nqubits^):($nqubits_attr)? `)` attr-dict `:` type($qreg)
  }];
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "int64_t":$size), [{
      build($_builder, $_state, QuregType::get($_builder.getContext()),
            ::mlir::Value(), $_builder.getI64IntegerAttr(size));
    }]>,
    OpBuilder<(ins "::mlir::Value":$size), [{
      build($_builder, $_state, QuregType::get($_builder.getContext()), size,
            ::mlir::IntegerAttr());
    }]>
  ];
}

def Quantum_DeallocOp : Quantum_Op<"dealloc"> {
  let summary = "Releases a register";
  let arguments = (ins Arg<Quantum_QuregType, "", [MemFree]>:$qreg);
  let assemblyFormat = "$qreg attr-dict `:` type($qreg)";
}

def Quantum_ExtractOp : Quantum_Op<"extract", [NoMemoryEffect]> {
  let summary = "Takes the qubit at an index out of a register";
  let description = [{
    The index is a constant (`%r[ 0]`) or an i64 value (`%r[%i]`). A constant
    index is checked against the register's size when that size is known.
  }];
  let arguments = (ins Quantum_QuregType:$qreg, Optional<I64>:$idx,
                       OptionalAttr<Quantum_StaticIndexAttr>:$idx_attr);
  let results = (outs Quantum_QubitType:$qubit);
  let assemblyFormat = [{
    $qreg `[` ($idx^):($idx_attr)? `]` attr-dict `:` type($qreg) `->` type($qubit)
  }];
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$qreg, "int64_t":$index), [{
      build($_builder, $_state, QubitType::get($_builder.getContext()), qreg,
            ::mlir::Value(), $_builder.getI64IntegerAttr(index));
    }]>,
    OpBuilder<(ins "::mlir::Value":$qreg, "::mlir::Value":$index), [{
      build($_builder, $_state, QubitType::get($_builder.getContext()), qreg,
            index, ::mlir::IntegerAttr());
    }]>
  ];
}

def Quantum_InsertOp : Quantum_Op<"insert", [NoMemoryEffect]> {
  let summary = "Puts a qubit back into a register at an index";
  let arguments = (ins Quantum_QuregType:$in_qreg, Optional<I64>:$idx,
                       OptionalAttr<Quantum_StaticIndexAttr>:$idx_attr,
                       Quantum_QubitType:$qubit);
  let results = (outs Quantum_QuregType:$out_qreg);
  let assemblyFormat = [{
    $in_qreg `[` ($idx^):($idx_attr)? `]` `,` $qubit attr-dict `:`
    type($in_qreg) `,` type($qubit)
  }];
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$qreg, "int64_t":$index,
                   "::mlir::Value":$qubit), [{
      build($_builder, $_state, qreg.getType(), qreg, ::mlir::Value(),
            $_builder.getI64IntegerAttr(index), qubit);
    }]>,
    OpBuilder<(ins "::mlir::Value":$qreg, "::mlir::Value":$index,
                   "::mlir::Value":$qubit), [{
      build($_builder, $_state, qreg.getType(), qreg, index,
            ::mlir::IntegerAttr(), qubit);
    }]>
  ];
}

//===----------------------------------------------------------------------===//
// Gates
//===----------------------------------------------------------------------===//

// Gate results print as %out_qubits, as in Catalyst's output.
class Quantum_GateOp<string mnemonic, list<Trait> traits = []>
    : Quantum_Op<mnemonic, traits # [NoMemoryEffect, Quantum_GateOpInterface,
        DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  code gateClassDeclaration = [{
    bool isAdjoint() { return getAdjoint(); }
  }];
  let extraClassDeclaration = gateClassDeclaration;
}

def Quantum_CustomOp : Quantum_GateOp<"custom", [AttrSizedOperandSegments]> {
  let summary = "Applies a gate from the gate table by name";
  let description = [{
    The name must be in the gate table (GateTable.h), with exactly as many
    f64 parameters and qubits as the table lists; one qubit is yielded per
    qubit consumed. `{adjoint}` applies the inverse gate.

    ```mlir
    %q1 = quantum.custom "RX"(%theta) %q0 : !quantum.bit
    %q:2 = quantum.custom "CNOT"() %a, %b : !quantum.bit, !quantum.bit
    %q2 = quantum.custom "RX"(%t) %q1 {adjoint} : !quantum.bit
    ```
  }];
  let arguments = (ins Variadic<F64>:$params,
                       Variadic<Quantum_QubitType>:$in_qubits,
                       StrAttr:$gate_name, UnitAttr:$adjoint);
  let results = (outs Variadic<Quantum_QubitType>:$out_qubits);
  let assemblyFormat = [{
    $gate_name `(` $params `)` $in_qubits attr-dict `:` type($out_qubits)
  }];
  let extraClassDeclaration = gateClassDeclaration # [{
    ::mlir::ValueRange getGateParams() { return getParams(); }
  }];
  // Yields one qubit per consumed qubit.
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$gateName, "::mlir::ValueRange":$params,
                   "::mlir::ValueRange":$inQubits,
                   CArg<"bool", "false">:$adjoint), [{
      build($_builder, $_state, ::mlir::TypeRange(inQubits), params, inQubits,
            gateName, adjoint);
    }]>
  ];
}

def Quantum_MultiRZOp : Quantum_GateOp<"multirz"> {
  let summary = "exp(-i theta/2 Z x ... x Z) on any number of qubits";
  let arguments = (ins F64:$theta, Variadic<Quantum_QubitType>:$in_qubits,
                       UnitAttr:$adjoint);
  let results = (outs Variadic<Quantum_QubitType>:$out_qubits);
  let assemblyFormat = [{
    `(` $theta `)` $in_qubits attr-dict `:` type($out_qubits)
  }];
  let extraClassDeclaration = gateClassDeclaration # [{
    ::llvm::StringRef getGateName() { return "MultiRZ"; }
    ::mlir::ValueRange getGateParams() { return getODSOperands(0); }
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$theta, "::mlir::ValueRange":$inQubits,
                   CArg<"bool", "false">:$adjoint), [{
      build($_builder, $_state, ::mlir::TypeRange(inQubits), theta, inQubits,
            adjoint);
    }]>
  ];
}

def Quantum_QubitUnitaryOp : Quantum_GateOp<"unitary"> {
  let summary = "Applies a given 2^n x 2^n unitary matrix to n qubits";
  let description = [{
    ```mlir
    %q:2 = quantum.unitary(%m : tensor<4x4xcomplex<f64>>) %a, %b : !quantum.bit, !quantum.bit
    ```
  }];
  let arguments = (ins Quantum_ComplexMatrix:$matrix,
                       Variadic<Quantum_QubitType>:$in_qubits,
                       UnitAttr:$adjoint);
  let results = (outs Variadic<Quantum_QubitType>:$out_qubits);
  let assemblyFormat = [{
    `(` $matrix `:` type($matrix) `)` $in_qubits attr-dict `:` type($out_qubits)
  }];
  let extraClassDeclaration = gateClassDeclaration # [{
    ::llvm::StringRef getGateName() { return "QubitUnitary"; }
    ::mlir::ValueRange getGateParams() { return {}; }
  }];
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$matrix, "::mlir::ValueRange":$inQubits,
                   CArg<"bool", "false">:$adjoint), [{
      build($_builder, $_state, ::mlir::TypeRange(inQubits), matrix, inQubits,
            adjoint);
    }]>
  ];
}

//===----------------------------------------------------------------------===//
// Observables
//===----------------------------------------------------------------------===//

class Quantum_ObservableOp<string mnemonic, list<Trait> traits = []>
    : Quantum_Op<mnemonic, traits # [Pure]> {
  let results = (outs Quantum_ObservableType:$obs);
}

def Quantum_NamedObsOp : Quantum_ObservableOp<"namedobs"> {
  let summary = "A Pauli, Hadamard or identity observable on one qubit";
  let description = [{
    ```mlir
    %o = quantum.namedobs %q[PauliZ] : !quantum.obs
    ```
  }];
  let arguments = (ins Quantum_QubitType:$qubit,
                       Quantum_NamedObservableAttr:$type);
  // A custom directive keeps the name flush with the bracket: `%q[PauliZ]`.
  let assemblyFormat = [{
    $qubit `[` custom<NamedObservable>($type) `]` attr-dict `:` type($obs)
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$qubit, "NamedObservable":$kind), [{
      auto *context = $_builder.getContext();
      build($_builder, $_state, ObservableType::get(context), qubit,
            NamedObservableAttr::get(context, kind));
    }]>
  ];
}

def Quantum_HermitianOp : Quantum_ObservableOp<"hermitian"> {
  let summary = "A Hermitian 2^n x 2^n matrix observable on n qubits";
  let arguments = (ins Quantum_ComplexMatrix:$matrix,
                       Variadic<Quantum_QubitType>:$qubits);
  let assemblyFormat = [{
    `(` $matrix `:` type($matrix) `)` $qubits attr-dict `:` type($obs)
  }];
  let hasVerifier = 1;
}

def Quantum_TensorOp : Quantum_ObservableOp<"tensor"> {
  let summary = "The tensor product of observables on disjoint qubits";
  let arguments = (ins Variadic<Quantum_ObservableType>:$terms);
  let assemblyFormat = "$terms attr-dict `:` type($obs)";
  let hasVerifier = 1;
}

def Quantum_HamiltonianOp : Quantum_ObservableOp<"hamiltonian"> {
  let summary = "A weighted sum of observables";
  let description = [{
    One f64 coefficient per term:
    ```mlir
    %H = quantum.hamiltonian(%coeffs : tensor<2xf64>) %o1, %o2 : !quantum.obs
    ```
  }];
  let arguments = (ins AnyTypeOf<[1DTensorOf<[F64]>, MemRefRankOf<[F64], [1]>]>:$coeffs,
                       Variadic<Quantum_ObservableType>:$terms);
  let assemblyFormat = [{
    `(` $coeffs `:` type($coeffs) `)` $terms attr-dict `:` type($obs)
  }];
  let hasVerifier = 1;
}

def Quantum_ComputationalBasisOp
    : Quantum_ObservableOp<"compbasis", [AttrSizedOperandSegments]> {
  let summary = "The computational basis of some qubits, or of a register";
  let description = [{
    The pseudo-observable that probs, state, sample and counts read.
    ```mlir
    %c = quantum.compbasis qubits %q0, %q1 : !quantum.obs
    %all = quantum.compbasis qreg %r : !quantum.obs
    ```
  }];
  let arguments = (ins Variadic<Quantum_QubitType>:$qubits,
                       Optional<Quantum_QuregType>:$qreg);
  let assemblyFormat = [{
    (`qubits` $qubits^)? (`qreg` $qreg^)? attr-dict `:` type($obs)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Measurements
//===----------------------------------------------------------------------===//

def Quantum_ExpvalOp : Quantum_Op<"expval", [Quantum_ReadsState]> {
  let summary = "The expectation value of an observable";
  let arguments = (ins Quantum_ObservableType:$obs);
  let results = (outs F64:$expval);
  let assemblyFormat = "$obs attr-dict `:` type($expval)";
  let hasVerifier = 1;
}

def Quantum_VarianceOp : Quantum_Op<"var", [Quantum_ReadsState]> {
  let summary = "The variance of an observable";
  let arguments = (ins Quantum_ObservableType:$obs);
  let results = (outs F64:$variance);
  let assemblyFormat = "$obs attr-dict `:` type($variance)";
  let hasVerifier = 1;
}

// Array-valued measurements return a tensor before bufferization and write
// into a memref (`in(...)`) after it. Dynamic result sizes are given by
// `shape` operands, one per dynamic dimension.

def Quantum_ProbsOp : Quantum_Op<"probs", [AttrSizedOperandSegments,
                                           Quantum_ReadsState]> {
  let summary = "Probabilities of the 2^n computational basis states";
  let description = [{
    ```mlir
    %p = quantum.probs %c : tensor<4xf64>
    quantum.probs %c in(%buf : memref<4xf64>)
    ```
  }];
  let arguments = (ins Quantum_ObservableType:$obs,
                       Optional<I64>:$dynamic_shape,
                       Arg<Optional<MemRefRankOf<[F64], [1]>>, "", [MemWrite]>:$state_in);
  let results = (outs Optional<1DTensorOf<[F64]>>:$probabilities);
  let assemblyFormat = [{
    $obs (`shape` $dynamic_shape^)? (`in` `(` $state_in^ `:` type($state_in) `)`)?
    attr-dict (`:` type($probabilities)^)?
  }];
  let hasVerifier = 1;
}

def Quantum_StateOp : Quantum_Op<"state", [AttrSizedOperandSegments,
                                           Quantum_ReadsState]> {
  let summary = "The 2^n complex amplitudes of the state";
  let arguments = (ins Quantum_ObservableType:$obs,
                       Optional<I64>:$dynamic_shape,
                       Arg<Optional<MemRefRankOf<[Complex<F64>], [1]>>, "", [MemWrite]>:$state_in);
  let results = (outs Optional<1DTensorOf<[Complex<F64>]>>:$state);
  let assemblyFormat = [{
    $obs (`shape` $dynamic_shape^)? (`in` `(` $state_in^ `:` type($state_in) `)`)?
    attr-dict (`:` type($state)^)?
  }];
  let hasVerifier = 1;
}

def Quantum_SampleOp : Quantum_Op<"sample", [AttrSizedOperandSegments,
                                             Quantum_ReadsState]> {
  let summary = "Samples, one row per shot";
  let description = [{
    In the computational basis the result is (shots x wires); for another
    observable it is (shots), its sampled eigenvalues. The number of shots
    comes from `quantum.device`.
  }];
  let arguments = (ins Quantum_ObservableType:$obs,
                       Variadic<I64>:$dynamic_shape,
                       Arg<Optional<AnyTypeOf<[MemRefRankOf<[F64], [1]>,
                                               MemRefRankOf<[F64], [2]>]>>,
                           "", [MemWrite]>:$in_data);
  let results = (outs Optional<AnyTypeOf<[1DTensorOf<[F64]>,
                                          2DTensorOf<[F64]>]>>:$samples);
  let assemblyFormat = [{
    $obs (`shape` $dynamic_shape^)? (`in` `(` $in_data^ `:` type($in_data) `)`)?
    attr-dict (`:` type($samples)^)?
  }];
  let hasVerifier = 1;
}

def Quantum_CountsOp : Quantum_Op<"counts",
    [AttrSizedOperandSegments, SameVariadicResultSize, Quantum_ReadsState]> {
  let summary = "How often each eigenvalue (or basis state) was sampled";
  let arguments = (ins Quantum_ObservableType:$obs,
                       Optional<I64>:$dynamic_shape,
                       Arg<Optional<MemRefRankOf<[F64], [1]>>, "",
                           [MemWrite]>:$in_eigvals,
                       Arg<Optional<MemRefRankOf<[I64], [1]>>, "",
                           [MemWrite]>:$in_counts);
  let results = (outs Optional<1DTensorOf<[F64]>>:$eigvals,
                      Optional<1DTensorOf<[I64]>>:$counts);
  let assemblyFormat = [{
    $obs (`shape` $dynamic_shape^)?
    (`in` `(` $in_eigvals^ `:` type($in_eigvals) `,` $in_counts `:` type($in_counts) `)`)?
    attr-dict (`:` type($eigvals)^ `,` type($counts))?
  }];
  let hasVerifier = 1;
}

def Quantum_MeasureOp : Quantum_Op<"measure", [Quantum_ChangesState]> {
  let summary = "A projective measurement of one qubit mid-circuit";
  let description = [{
    ```mlir
    %m, %q1 = quantum.measure %q0 : i1, !quantum.bit
    ```
  }];
  let arguments = (ins Quantum_QubitType:$in_qubit);
  let results = (outs I1:$mres, Quantum_QubitType:$out_qubit);
  let assemblyFormat = "$in_qubit attr-dict `:` type($mres) `,` type($out_qubit)";
  let hasVerifier = 1;
}

#endif // QGRAD_DIALECT_QUANTUM_IR_QUANTUMOPS_TD
