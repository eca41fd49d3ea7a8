//===- ArgumentParser.cpp - Command-line literals to host values ----------===//

#include "qgrad/Driver/ArgumentParser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

using namespace qgrad::driver;
using llvm::StringRef;

namespace {

/// A recursive-descent parser over one literal. Columns in messages are
/// 1-based, as in compiler diagnostics.
class LiteralParser {
public:
  explicit LiteralParser(StringRef text) : text(text) {}

  llvm::Expected<Literal> parse() {
    auto literal = parseValue(/*depth=*/0);
    if (!literal)
      return literal.takeError();
    skipSpace();
    if (pos != text.size())
      return error("unexpected '" + text.substr(pos, 1).str() +
                   "' after the value");
    return literal;
  }

private:
  // Deep nesting is certainly a mistake; bounding it keeps the recursion
  // from exhausting the stack on hostile input.
  static constexpr unsigned kMaxDepth = 32;

  StringRef text;
  size_t pos = 0;

  llvm::Error error(const llvm::Twine &message) const {
    return llvm::createStringError(
        llvm::formatv("column {0}: {1}", pos + 1, message.str()).str());
  }

  void skipSpace() {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  }

  llvm::Expected<Literal> parseValue(unsigned depth) {
    skipSpace();
    if (pos == text.size())
      return error("expected a number, 'true', 'false' or '['");
    if (text[pos] == '[')
      return parseList(depth);
    StringRef rest = text.substr(pos);
    for (auto [spelling, value] :
         {std::pair<StringRef, bool>{"true", true},
          std::pair<StringRef, bool>{"false", false}}) {
      if (rest.starts_with(spelling)) {
        pos += spelling.size();
        Literal literal;
        literal.kind = Literal::Kind::Boolean;
        literal.boolean = value;
        return literal;
      }
    }
    return parseNumber();
  }

  llvm::Expected<Literal> parseList(unsigned depth) {
    if (depth >= kMaxDepth)
      return error("lists nested deeper than 32 levels");
    ++pos; // '['
    Literal list;
    list.kind = Literal::Kind::List;
    skipSpace();
    if (pos < text.size() && text[pos] == ']') {
      ++pos;
      return list;
    }
    while (true) {
      auto element = parseValue(depth + 1);
      if (!element)
        return element.takeError();
      list.elements.push_back(std::move(*element));
      skipSpace();
      if (pos == text.size())
        return error("missing ']'");
      if (text[pos] == ']') {
        ++pos;
        return list;
      }
      if (text[pos] != ',')
        return error("expected ',' or ']' but found '" +
                     text.substr(pos, 1).str() + "'");
      ++pos;
    }
  }

  llvm::Expected<Literal> parseNumber() {
    size_t start = pos;
    // Numbers end at the next delimiter; strtod then checks the spelling.
    while (pos < text.size() && !llvm::isSpace(text[pos]) && text[pos] != ',' &&
           text[pos] != ']' && text[pos] != '[')
      ++pos;
    StringRef spelling = text.slice(start, pos);
    std::string copy = spelling.str();
    char *end = nullptr;
    errno = 0;
    (void)std::strtod(copy.c_str(), &end);
    if (copy.empty() || end != copy.c_str() + copy.size()) {
      pos = start;
      return error("'" + copy + "' is not a number");
    }
    Literal literal;
    literal.kind = Literal::Kind::Number;
    literal.text = copy;
    literal.isIntegerText =
        copy.find_first_of(".eEnNiIxXpP") == std::string::npos;
    return literal;
  }
};

/// Collects the shape of a rectangular nested list, or fails naming the
/// first ragged level. `listAtDepth[d]` records whether the elements at
/// depth d are lists, across the whole literal: [[2], [[]]] puts a scalar
/// and a list at depth 2 under different parents, which no sibling
/// comparison sees (libFuzzer found it binding to tensor<?x?x?xi32> as
/// shape 2x1x0 with one element's bytes).
llvm::Error collectShape(const Literal &literal, size_t depth,
                         std::vector<int64_t> &shape,
                         std::vector<std::optional<bool>> &listAtDepth) {
  if (literal.kind != Literal::Kind::List)
    return llvm::Error::success();
  if (shape.size() == depth)
    shape.push_back(literal.elements.size());
  else if (shape[depth] != static_cast<int64_t>(literal.elements.size()))
    return llvm::createStringError(
        llvm::formatv("ragged list: dimension {0} has lengths {1} and {2}",
                      depth, shape[depth], literal.elements.size()));
  if (listAtDepth.size() <= depth + 1)
    listAtDepth.resize(depth + 2);
  for (const Literal &element : literal.elements) {
    bool isList = element.kind == Literal::Kind::List;
    std::optional<bool> &expected = listAtDepth[depth + 1];
    if (expected && *expected != isList)
      return llvm::createStringError("ragged list: a scalar and a list at the "
                                     "same depth");
    expected = isList;
    if (llvm::Error err = collectShape(element, depth + 1, shape, listAtDepth))
      return err;
  }
  return llvm::Error::success();
}

llvm::Error appendScalar(const Literal &literal, ElementKind kind,
                         std::vector<uint8_t> &bytes) {
  auto append = [&](const auto &value) {
    const auto *raw = reinterpret_cast<const uint8_t *>(&value);
    bytes.insert(bytes.end(), raw, raw + sizeof(value));
  };
  if (literal.kind == Literal::Kind::List)
    return llvm::createStringError("expected a scalar, found a list");

  if (kind == ElementKind::I1) {
    if (literal.kind == Literal::Kind::Boolean) {
      bytes.push_back(literal.boolean ? 1 : 0);
      return llvm::Error::success();
    }
    if (literal.text == "0" || literal.text == "1") {
      bytes.push_back(literal.text == "1");
      return llvm::Error::success();
    }
    return llvm::createStringError("expected 'true', 'false', 0 or 1 for i1, "
                                   "found '" +
                                   literal.text + "'");
  }
  if (literal.kind == Literal::Kind::Boolean)
    return llvm::createStringError(("expected a number for " +
                                    getElementName(kind) + ", found '" +
                                    (literal.boolean ? "true" : "false") + "'")
                                       .str());

  switch (kind) {
  case ElementKind::F64:
    append(std::strtod(literal.text.c_str(), nullptr));
    return llvm::Error::success();
  case ElementKind::F32:
    append(std::strtof(literal.text.c_str(), nullptr));
    return llvm::Error::success();
  case ElementKind::I64:
  case ElementKind::I32: {
    int64_t value = 0;
    bool is32 = kind == ElementKind::I32;
    if (!literal.isIntegerText ||
        StringRef(literal.text).getAsInteger(10, value) ||
        (is32 && (value < INT32_MIN || value > INT32_MAX)))
      return llvm::createStringError(("expected an integer that fits " +
                                      getElementName(kind) + ", found '" +
                                      literal.text + "'")
                                         .str());
    if (is32)
      append(static_cast<int32_t>(value));
    else
      append(value);
    return llvm::Error::success();
  }
  case ElementKind::I1:
    break;
  }
  llvm_unreachable("handled above");
}

llvm::Error appendElements(const Literal &literal, ElementKind kind,
                           std::vector<uint8_t> &bytes) {
  if (literal.kind != Literal::Kind::List)
    return appendScalar(literal, kind, bytes);
  for (const Literal &element : literal.elements)
    if (llvm::Error err = appendElements(element, kind, bytes))
      return err;
  return llvm::Error::success();
}

} // namespace

llvm::Expected<Literal> qgrad::driver::parseLiteral(StringRef text) {
  return LiteralParser(text).parse();
}

llvm::Expected<HostValue> qgrad::driver::bindLiteral(const Literal &literal,
                                                     const ValueType &type) {
  HostValue value;
  value.element = type.element;
  value.isTensor = type.isTensor;
  if (!type.isTensor) {
    if (llvm::Error err = appendScalar(literal, type.element, value.bytes))
      return std::move(err);
    return value;
  }

  if (literal.kind != Literal::Kind::List && !type.dims.empty())
    return llvm::createStringError("expected a nested list for " + type.str());
  std::vector<std::optional<bool>> listAtDepth;
  if (llvm::Error err = collectShape(literal, 0, value.shape, listAtDepth))
    return std::move(err);
  // An empty list has rank 1 by its spelling; allow it to stand for any
  // shape with a zero-sized leading dimension.
  if (value.shape.size() != type.dims.size())
    return llvm::createStringError(
        llvm::formatv("expected rank {0} for {1}, found a list of rank {2}",
                      type.dims.size(), type.str(), value.shape.size()));
  for (size_t i = 0; i < type.dims.size(); ++i)
    if (type.dims[i] && *type.dims[i] != value.shape[i])
      return llvm::createStringError(
          llvm::formatv("dimension {0} of {1} must be {2}, found {3}", i,
                        type.str(), *type.dims[i], value.shape[i]));
  if (llvm::Error err = appendElements(literal, type.element, value.bytes))
    return std::move(err);
  return value;
}

llvm::Expected<HostValue> qgrad::driver::parseArgument(StringRef text,
                                                       const ValueType &type,
                                                       unsigned position) {
  auto prefix = [&] {
    return llvm::formatv("argument {0} ('{1}', {2}): ", position, text,
                         type.str())
        .str();
  };
  auto literal = parseLiteral(text);
  if (!literal)
    return llvm::createStringError(prefix() +
                                   llvm::toString(literal.takeError()));
  auto value = bindLiteral(*literal, type);
  if (!value)
    return llvm::createStringError(prefix() +
                                   llvm::toString(value.takeError()));
  return value;
}
