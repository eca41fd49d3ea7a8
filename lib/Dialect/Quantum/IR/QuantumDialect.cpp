//===- QuantumDialect.cpp - The quantum dialect ---------------------------===//

#include "qgrad/Dialect/Quantum/IR/QuantumDialect.h"
#include "qgrad/Dialect/Quantum/IR/QuantumAttrs.h"
#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"
#include "qgrad/Dialect/Quantum/IR/QuantumTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace qgrad::quantum;

#include "qgrad/Dialect/Quantum/IR/QuantumDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "qgrad/Dialect/Quantum/IR/QuantumTypes.cpp.inc"

#include "qgrad/Dialect/Quantum/IR/QuantumEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "qgrad/Dialect/Quantum/IR/QuantumAttrs.cpp.inc"

#include "qgrad/Dialect/Quantum/IR/QuantumInterfaces.cpp.inc"

void QuantumDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "qgrad/Dialect/Quantum/IR/QuantumOps.cpp.inc"
      >();
}

void QuantumDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "qgrad/Dialect/Quantum/IR/QuantumTypes.cpp.inc"
      >();
}

void QuantumDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "qgrad/Dialect/Quantum/IR/QuantumAttrs.cpp.inc"
      >();
}
