//===- Parser.h - OpenQASM 2 and 3 to a Circuit -----------------*- C++ -*-===//
#ifndef QGRAD_LIB_INTEROP_OPENQASM_PARSER_H
#define QGRAD_LIB_INTEROP_OPENQASM_PARSER_H

#include "Circuit.h"

#include "llvm/Support/SourceMgr.h"

#include <optional>

namespace qgrad::interop::qasm {

/// Where parsing stopped and why.
struct ParseError {
  llvm::SMLoc loc;
  std::string message;
};

/// Parses the main buffer of `sources`: the circuit, or the first error.
std::optional<Circuit> parseCircuit(const llvm::SourceMgr &sources,
                                    ParseError &error);

} // namespace qgrad::interop::qasm

#endif // QGRAD_LIB_INTEROP_OPENQASM_PARSER_H
