//===- QuantumOps.cpp - Generated definitions of the quantum ops ----------===//
//
// The verifiers live next to the ops they check: MemoryOps.cpp, GateOps.cpp,
// ObservableOps.cpp and MeasurementOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace qgrad::quantum;

static ParseResult parseNamedObservable(OpAsmParser &parser,
                                        NamedObservableAttr &attr) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef name;
  if (parser.parseKeyword(&name))
    return failure();
  std::optional<NamedObservable> kind = symbolizeNamedObservable(name);
  if (!kind)
    return parser.emitError(loc) << "unknown named observable '" << name
                                 << "'; expected Identity, PauliX, PauliY, "
                                    "PauliZ or Hadamard";
  attr = NamedObservableAttr::get(parser.getContext(), *kind);
  return success();
}

static void printNamedObservable(OpAsmPrinter &printer, Operation *,
                                 NamedObservableAttr attr) {
  printer << stringifyNamedObservable(attr.getValue());
}

#define GET_OP_CLASSES
#include "qgrad/Dialect/Quantum/IR/QuantumOps.cpp.inc"
