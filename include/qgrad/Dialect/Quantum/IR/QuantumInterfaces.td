//===- QuantumInterfaces.td - Interfaces of quantum ops ----*- tablegen -*-===//

#ifndef QGRAD_DIALECT_QUANTUM_IR_QUANTUMINTERFACES_TD
#define QGRAD_DIALECT_QUANTUM_IR_QUANTUMINTERFACES_TD

include "mlir/IR/OpBase.td"

def Quantum_GateOpInterface : OpInterface<"GateOpInterface"> {
  let description = [{
    A unitary gate: consumes qubit values, yields one new value per consumed
    qubit (same order), and is parametrised by f64 angles. Lowering passes
    (parameter shift, adjoint, runtime calls) handle every gate through this
    interface together with the gate table (GateTable.h).
  }];
  let cppNamespace = "::qgrad::quantum";
  let methods = [
    InterfaceMethod<"The gate's name in the gate table.",
      "::llvm::StringRef", "getGateName">,
    InterfaceMethod<"The f64 angles, in the gate table's order.",
      "::mlir::ValueRange", "getGateParams">,
    InterfaceMethod<"The qubits the gate consumes.",
      "::mlir::ValueRange", "getInQubits">,
    InterfaceMethod<"The qubits the gate yields, one per consumed qubit.",
      "::mlir::ValueRange", "getOutQubits">,
    InterfaceMethod<"Whether the gate is applied as its adjoint.",
      "bool", "isAdjoint">,
  ];
  let verify = [{ return ::qgrad::quantum::verifyGateOp($_op); }];
}

#endif // QGRAD_DIALECT_QUANTUM_IR_QUANTUMINTERFACES_TD
