//===- ArgumentParser.h - Command-line literals to host values --*- C++ -*-===//
//
// Turns the textual arguments of `qgrad run` (`0.5`, `3`, `true`,
// `[[1,2],[3,4]]`) into HostValues of the entry point's parameter types.
// Parsing and type matching are separate so that a malformed literal and a
// well-formed literal of the wrong type get different messages.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_DRIVER_ARGUMENTPARSER_H
#define QGRAD_DRIVER_ARGUMENTPARSER_H

#include "qgrad/Driver/HostValue.h"

#include <memory>

namespace qgrad::driver {

/// A parsed literal: a number, a boolean, or a list of literals.
struct Literal {
  enum class Kind { Number, Boolean, List };
  Kind kind = Kind::Number;
  std::string text;          // Number: its spelling, for exact conversion.
  bool isIntegerText = false; // Number: no '.', exponent, inf or nan.
  bool boolean = false;
  std::vector<Literal> elements;
};

/// Parses one argument literal; the error names the offending column.
llvm::Expected<Literal> parseLiteral(llvm::StringRef text);

/// Converts a literal to a value of `type`. Lists must be rectangular and
/// match the static dimensions; integers accept only integer spellings that
/// fit; floats accept any number.
llvm::Expected<HostValue> bindLiteral(const Literal &literal,
                                      const ValueType &type);

/// parseLiteral + bindLiteral, with the argument's position in the message.
llvm::Expected<HostValue> parseArgument(llvm::StringRef text,
                                        const ValueType &type,
                                        unsigned position);

} // namespace qgrad::driver

#endif // QGRAD_DRIVER_ARGUMENTPARSER_H
