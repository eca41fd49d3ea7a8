//===- Circuit.h - An OpenQASM program, parsed ------------------*- C++ -*-===//
//
// What the parser hands to the MLIR builder: gate applications on numbered
// qubits (gate definitions already expanded), each angle an expression over
// the program's inputs, and the measured qubits.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_LIB_INTEROP_OPENQASM_CIRCUIT_H
#define QGRAD_LIB_INTEROP_OPENQASM_CIRCUIT_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <algorithm>
#include <memory>
#include <string>

namespace qgrad::interop::qasm {

struct Expr {
  enum class Kind { Number, Input, Negate, Binary, Call } kind;
  double number = 0;                    // Number
  unsigned input = 0;                   // Input: index into Circuit::inputs
  char op = 0;                          // Binary: + - * / ^
  std::string function;                 // Call: sin, cos, ...
  std::shared_ptr<const Expr> lhs, rhs; // Negate and Call use lhs
  unsigned depth = 1;                   // of the tree: recursion bounds
};
using ExprRef = std::shared_ptr<const Expr>;

inline ExprRef numberExpr(double value) {
  auto e = std::make_shared<Expr>();
  e->kind = Expr::Kind::Number;
  e->number = value;
  return e;
}

inline ExprRef binaryExpr(char op, ExprRef lhs, ExprRef rhs) {
  auto e = std::make_shared<Expr>();
  e->kind = Expr::Kind::Binary;
  e->op = op;
  e->depth = 1 + std::max(lhs->depth, rhs->depth);
  e->lhs = std::move(lhs);
  e->rhs = std::move(rhs);
  return e;
}

/// One gate of qgrad's gate table on absolute qubit numbers.
struct Gate {
  std::string name; // as qgrad spells it (PennyLane's names)
  llvm::SmallVector<ExprRef, 3> params;
  llvm::SmallVector<unsigned, 3> wires;
  llvm::SMLoc loc; // the QASM statement it comes from
};

struct Circuit {
  unsigned numQubits = 0;
  llvm::SmallVector<std::string> inputs;
  llvm::SmallVector<Gate> gates;
  /// The measured qubits, in the order of the classical bits they write.
  llvm::SmallVector<unsigned> measured;
};

} // namespace qgrad::interop::qasm

#endif // QGRAD_LIB_INTEROP_OPENQASM_CIRCUIT_H
