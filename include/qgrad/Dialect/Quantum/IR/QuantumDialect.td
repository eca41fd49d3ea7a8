//===- QuantumDialect.td - The quantum dialect -------------*- tablegen -*-===//

#ifndef QGRAD_DIALECT_QUANTUM_IR_QUANTUMDIALECT_TD
#define QGRAD_DIALECT_QUANTUM_IR_QUANTUMDIALECT_TD

include "mlir/IR/DialectBase.td"

def Quantum_Dialect : Dialect {
  let name = "quantum";
  let summary = "Qubits, gates, observables and measurements in value semantics";
  let description = [{
    Quantum circuits as SSA values: every gate consumes qubit values and
    produces new ones, so data flow orders the circuit and classical control
    flow (scf.for, scf.while, scf.if) carries qubits and registers like any
    other value. The textual syntax follows the one quantum compilers in the
    PennyLane ecosystem (Catalyst) print, so their IR reads without change.
  }];
  let cppNamespace = "::qgrad::quantum";
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
  private:
    void registerTypes();
    void registerAttributes();
  public:
  }];
}

#endif // QGRAD_DIALECT_QUANTUM_IR_QUANTUMDIALECT_TD
