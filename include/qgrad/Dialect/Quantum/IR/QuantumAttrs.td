//===- QuantumAttrs.td - Attributes of the quantum dialect -*- tablegen -*-===//

#ifndef QGRAD_DIALECT_QUANTUM_IR_QUANTUMATTRS_TD
#define QGRAD_DIALECT_QUANTUM_IR_QUANTUMATTRS_TD

include "mlir/IR/EnumAttr.td"
include "qgrad/Dialect/Quantum/IR/QuantumDialect.td"

def Quantum_NamedObservable : I32EnumAttr<"NamedObservable",
    "single-qubit observables known by name", [
      I32EnumAttrCase<"Identity", 0>,
      I32EnumAttrCase<"PauliX", 1>,
      I32EnumAttrCase<"PauliY", 2>,
      I32EnumAttrCase<"PauliZ", 3>,
      I32EnumAttrCase<"Hadamard", 4>
    ]> {
  let cppNamespace = "::qgrad::quantum";
  let genSpecializedAttr = 0;
}

// Printed bare inside `quantum.namedobs %q[PauliZ]`.
def Quantum_NamedObservableAttr
    : EnumAttr<Quantum_Dialect, Quantum_NamedObservable, "named_observable"> {
  let assemblyFormat = "$value";
}

#endif // QGRAD_DIALECT_QUANTUM_IR_QUANTUMATTRS_TD
