//===- QuantumTypes.td - Types of the quantum dialect ------*- tablegen -*-===//

#ifndef QGRAD_DIALECT_QUANTUM_IR_QUANTUMTYPES_TD
#define QGRAD_DIALECT_QUANTUM_IR_QUANTUMTYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "qgrad/Dialect/Quantum/IR/QuantumDialect.td"

class Quantum_Type<string name, string typeMnemonic, string doc>
    : TypeDef<Quantum_Dialect, name> {
  let mnemonic = typeMnemonic;
  let summary = doc;
}

def Quantum_QubitType : Quantum_Type<"Qubit", "bit",
    "one qubit; each gate consumes the value and yields its successor">;
def Quantum_QuregType : Quantum_Type<"Qureg", "reg",
    "a register of qubits, addressed by index">;
def Quantum_ObservableType : Quantum_Type<"Observable", "obs",
    "an observable (or the computational basis) that a measurement reads">;

#endif // QGRAD_DIALECT_QUANTUM_IR_QUANTUMTYPES_TD
