//===- Parser.cpp - OpenQASM 2 and 3 to a Circuit -------------------------===//
//
// A recursive-descent parser over a token list. Gate definitions are kept as
// token ranges and expanded at each call with their parameters and qubits
// bound (a definition may call the ones before it), so the circuit holds
// only gates of qgrad's table on absolute qubit numbers. Whole-register
// operands broadcast as OpenQASM 2 says: every register operand has the
// same size N and the gate runs N times.
//
//===----------------------------------------------------------------------===//

#include "Parser.h"

#include "StandardGates.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

#include <map>
#include <numbers>
#include <set>

using namespace llvm;

namespace qgrad::interop::qasm {

namespace {

enum class Tok { Identifier, Integer, Real, String, Punct, End };

struct Token {
  Tok kind;
  StringRef text;
  SMLoc loc;
};

/// Splits the buffer into tokens; false (with `error`) on a stray byte or an
/// unterminated string or comment.
bool tokenize(StringRef text, std::vector<Token> &tokens, ParseError &error) {
  const char *p = text.begin(), *end = text.end();
  auto at = [](const char *c) { return SMLoc::getFromPointer(c); };
  while (p < end) {
    if (isspace(static_cast<unsigned char>(*p))) {
      ++p;
      continue;
    }
    if (p + 1 < end && p[0] == '/' && p[1] == '/') {
      while (p < end && *p != '\n')
        ++p;
      continue;
    }
    if (p + 1 < end && p[0] == '/' && p[1] == '*') {
      const char *start = p;
      p += 2;
      while (p + 1 < end && !(p[0] == '*' && p[1] == '/'))
        ++p;
      if (p + 1 >= end) {
        error = {at(start), "unterminated comment"};
        return false;
      }
      p += 2;
      continue;
    }
    const char *start = p;
    // Identifiers, including the UTF-8 letter pi.
    if (isalpha(static_cast<unsigned char>(*p)) || *p == '_' ||
        static_cast<unsigned char>(*p) >= 0x80) {
      while (p < end && (isalnum(static_cast<unsigned char>(*p)) || *p == '_' ||
                         static_cast<unsigned char>(*p) >= 0x80))
        ++p;
      tokens.push_back(
          {Tok::Identifier, StringRef(start, p - start), at(start)});
      continue;
    }
    if (isdigit(static_cast<unsigned char>(*p)) ||
        (*p == '.' && p + 1 < end &&
         isdigit(static_cast<unsigned char>(p[1])))) {
      bool real = false;
      while (p < end && isdigit(static_cast<unsigned char>(*p)))
        ++p;
      if (p < end && *p == '.') {
        real = true;
        ++p;
        while (p < end && isdigit(static_cast<unsigned char>(*p)))
          ++p;
      }
      if (p < end && (*p == 'e' || *p == 'E')) {
        const char *mark = p++;
        if (p < end && (*p == '+' || *p == '-'))
          ++p;
        if (p < end && isdigit(static_cast<unsigned char>(*p))) {
          real = true;
          while (p < end && isdigit(static_cast<unsigned char>(*p)))
            ++p;
        } else {
          p = mark;
        }
      }
      tokens.push_back({real ? Tok::Real : Tok::Integer,
                        StringRef(start, p - start), at(start)});
      continue;
    }
    if (*p == '"') {
      ++p;
      while (p < end && *p != '"' && *p != '\n')
        ++p;
      if (p >= end || *p != '"') {
        error = {at(start), "unterminated string"};
        return false;
      }
      ++p;
      tokens.push_back(
          {Tok::String, StringRef(start + 1, p - start - 2), at(start)});
      continue;
    }
    if (p + 1 < end &&
        ((p[0] == '-' && p[1] == '>') || (p[0] == '=' && p[1] == '='))) {
      tokens.push_back({Tok::Punct, StringRef(start, 2), at(start)});
      p += 2;
      continue;
    }
    if (StringRef(";,()[]{}=+-*/^@<>").contains(*p)) {
      tokens.push_back({Tok::Punct, StringRef(start, 1), at(start)});
      ++p;
      continue;
    }
    error = {at(start), "unexpected character '" + std::string(1, *p) + "'"};
    return false;
  }
  tokens.push_back({Tok::End, "", at(end)});
  return true;
}

struct Register {
  unsigned first = 0;
  unsigned size = 0;
  bool indexed = true; // false: `qubit q;`, a single qubit by its name
};

struct GateDefinition {
  SmallVector<std::string> params, qubits;
  size_t bodyBegin = 0, bodyEnd = 0; // token indices inside the braces
  unsigned order = 0;                // definitions before this one
};

/// What names mean inside a gate body being expanded.
struct Scope {
  StringMap<ExprRef> params;
  StringMap<unsigned> qubits;
  unsigned order = 0; // the body may call the definitions before it only
};

/// The statement keywords of OpenQASM 3 (and 2) that are not circuits of
/// fixed gates: refused by name.
constexpr StringLiteral kUnsupported[] = {
    "reset", "if",    "for",    "while",  "opaque", "def",     "output",
    "let",   "const", "box",    "delay",  "gphase", "ctrl",    "negctrl",
    "inv",   "pow",   "return", "switch", "break",  "continue"};

class Parser {
public:
  Parser(std::vector<Token> tokens, ParseError &error)
      : tokens(std::move(tokens)), error(error) {}

  std::optional<Circuit> run() {
    if (!header())
      return std::nullopt;
    while (peek().kind != Tok::End)
      if (!statement())
        return std::nullopt;
    if (circuit.numQubits == 0)
      return fail(peek().loc, "the program declares no qubits"), std::nullopt;
    for (auto &[bit, qubit] : measuredBits)
      circuit.measured.push_back(qubit);
    if (circuit.measured.empty())
      for (unsigned q = 0; q < circuit.numQubits; ++q)
        circuit.measured.push_back(q);
    return std::move(circuit);
  }

private:
  // --- Tokens ----------------------------------------------------------

  const Token &peek(size_t ahead = 0) const {
    return tokens[std::min(pos + ahead, tokens.size() - 1)];
  }
  const Token &next() {
    const Token &t = peek();
    if (pos < tokens.size() - 1)
      ++pos;
    return t;
  }
  bool isPunct(StringRef text, size_t ahead = 0) const {
    return peek(ahead).kind == Tok::Punct && peek(ahead).text == text;
  }
  bool isWord(StringRef text) const {
    return peek().kind == Tok::Identifier && peek().text == text;
  }
  bool fail(SMLoc loc, const Twine &message) {
    if (error.message.empty())
      error = {loc, message.str()};
    return false;
  }
  bool expect(StringRef punct, StringRef what) {
    if (isPunct(punct)) {
      next();
      return true;
    }
    return fail(peek().loc, "expected '" + punct + "' " + what + ", found " +
                                describe(peek()));
  }
  static std::string describe(const Token &t) {
    if (t.kind == Tok::End)
      return "the end of the file";
    return "'" + t.text.str() + "'";
  }
  bool identifier(std::string &name, StringRef what) {
    if (peek().kind != Tok::Identifier)
      return fail(peek().loc,
                  "expected " + what + ", found " + describe(peek()));
    name = next().text.str();
    return true;
  }
  bool integer(unsigned &value, StringRef what) {
    if (peek().kind != Tok::Integer)
      return fail(peek().loc,
                  "expected " + what + ", found " + describe(peek()));
    const Token &t = next();
    if (t.text.getAsInteger(10, value))
      return fail(t.loc, "the integer " + t.text + " is too large");
    return true;
  }

  // --- Statements --------------------------------------------------------

  bool header() {
    if (!isWord("OPENQASM"))
      return fail(peek().loc, "an OpenQASM program starts with 'OPENQASM 2.0;' "
                              "or 'OPENQASM 3;'");
    next();
    const Token &version = next();
    if ((version.kind != Tok::Real && version.kind != Tok::Integer) ||
        !(version.text == "2.0" || version.text == "3" ||
          version.text == "3.0"))
      return fail(version.loc, "unsupported OpenQASM version " +
                                   describe(version) + "; 2.0 and 3 are");
    return expect(";", "after the version");
  }

  bool statement() {
    const Token &t = peek();
    if (t.kind != Tok::Identifier)
      return fail(t.loc, "expected a statement, found " + describe(t));
    StringRef word = t.text;
    if (is_contained(kUnsupported, word))
      return fail(t.loc, "'" + word +
                             "' is not supported: qgrad imports "
                             "circuits of gates and final "
                             "measurements");
    if (word == "include")
      return include();
    if (word == "qreg" || word == "creg")
      return oldRegister(word == "qreg");
    if (word == "qubit" || word == "bit")
      return newRegister(word == "qubit");
    if (word == "input")
      return input();
    if (word == "gate")
      return gateDefinition();
    if (word == "measure")
      return measureArrow();
    if (word == "barrier")
      return skipToSemicolon();
    if (isPunct("=", 1) || (isPunct("[", 1) && isPunct("=", 4)))
      return measureAssign();
    return gateCall(nullptr);
  }

  bool include() {
    next();
    if (peek().kind != Tok::String)
      return fail(peek().loc, "expected a file name in quotes after 'include'");
    const Token &file = next();
    if (file.text != "qelib1.inc" && file.text != "stdgates.inc")
      return fail(file.loc, "cannot include \"" + file.text +
                                "\": only the standard libraries qelib1.inc "
                                "and stdgates.inc are built in");
    return expect(";", "after the include");
  }

  bool declare(const Token &nameToken, const std::string &name, Register reg,
               bool quantum) {
    if (registers.count(name) || bits.count(name) || inputs.count(name))
      return fail(nameToken.loc, "'" + name + "' is already declared");
    (quantum ? registers : bits)[name] = reg;
    return true;
  }

  // qreg q[n]; creg c[n];
  bool oldRegister(bool quantum) {
    next();
    const Token &nameToken = peek();
    std::string name;
    unsigned size;
    if (!identifier(name, "a register name") || !expect("[", "after it") ||
        !integer(size, "the register size") || !expect("]", "after the size") ||
        !expect(";", "after the declaration"))
      return false;
    return addRegister(nameToken, name, size, true, quantum);
  }

  bool addRegister(const Token &nameToken, const std::string &name,
                   unsigned size, bool indexed, bool quantum) {
    if (size == 0)
      return fail(nameToken.loc, "a register of size 0");
    unsigned &count = quantum ? circuit.numQubits : numBits;
    // A state vector of 30 qubits is 16 GiB; classical bits beyond what
    // any measurement of those can fill are a typo, not a program.
    constexpr unsigned kMaxQubits = 30, kMaxBits = 1024;
    unsigned limit = quantum ? kMaxQubits : kMaxBits;
    if (size > limit - count)
      return fail(nameToken.loc, "the program declares more than " +
                                     Twine(limit) +
                                     (quantum ? " qubits" : " classical bits"));
    Register reg{count, size, indexed};
    count += size;
    return declare(nameToken, name, reg, quantum);
  }

  // qubit[n] q; qubit q; bit[n] c; bit c; bit[n] c = measure q;
  bool newRegister(bool quantum) {
    next();
    unsigned size = 1;
    bool indexed = false;
    if (isPunct("[")) {
      next();
      indexed = true;
      if (!integer(size, "the register size") || !expect("]", "after the size"))
        return false;
    }
    const Token &nameToken = peek();
    std::string name;
    if (!identifier(name, "a register name") ||
        !addRegister(nameToken, name, size, indexed, quantum))
      return false;
    if (!quantum && isPunct("=")) {
      next();
      if (!isWord("measure"))
        return fail(peek().loc, "a bit may only be initialised by 'measure'");
      next();
      SmallVector<unsigned> qubits, target;
      SMLoc at = peek().loc;
      if (!operand(qubits, nullptr) || !expect(";", "after the measurement"))
        return false;
      const Register &reg = bits[name];
      for (unsigned k = 0; k < reg.size; ++k)
        target.push_back(reg.first + k);
      return measure(at, qubits, target);
    }
    return expect(";", "after the declaration");
  }

  // input float[64] theta; input angle theta;
  bool input() {
    next();
    std::string type;
    SMLoc typeLoc = peek().loc;
    if (!identifier(type, "the input's type"))
      return false;
    if (type != "float" && type != "angle")
      return fail(typeLoc, "an input of type '" + type +
                               "' is not supported: inputs are 'float' or "
                               "'angle' (the circuit's differentiable "
                               "parameters)");
    if (isPunct("[")) {
      next();
      unsigned width;
      if (!integer(width, "the type's width") || !expect("]", "after it"))
        return false;
    }
    const Token &nameToken = peek();
    std::string name;
    if (!identifier(name, "the input's name") ||
        !expect(";", "after the input"))
      return false;
    if (registers.count(name) || bits.count(name) || inputs.count(name))
      return fail(nameToken.loc, "'" + name + "' is already declared");
    inputs[name] = circuit.inputs.size();
    circuit.inputs.push_back(name);
    return true;
  }

  bool identifierList(SmallVectorImpl<std::string> &names, StringRef what,
                      StringRef closing) {
    if (isPunct(closing))
      return true;
    while (true) {
      std::string name;
      if (!identifier(name, what))
        return false;
      names.push_back(name);
      if (!isPunct(","))
        return true;
      next();
    }
  }

  // gate name(params) a, b { body }
  bool gateDefinition() {
    next();
    const Token &nameToken = peek();
    std::string name;
    if (!identifier(name, "the gate's name"))
      return false;
    GateDefinition def;
    if (isPunct("(")) {
      next();
      if (!identifierList(def.params, "a parameter name", ")") ||
          !expect(")", "after the parameters"))
        return false;
    }
    if (!identifierList(def.qubits, "a qubit name", "{") ||
        !expect("{", "before the gate's body"))
      return false;
    def.bodyBegin = pos;
    unsigned depth = 1;
    while (depth > 0) {
      if (peek().kind == Tok::End)
        return fail(nameToken.loc,
                    "the body of gate '" + name + "' has no closing '}'");
      if (isPunct("{"))
        ++depth;
      if (isPunct("}"))
        --depth;
      next();
    }
    def.bodyEnd = pos - 1;
    if (definitions.count(name) || lookupStandardGate(name))
      return fail(nameToken.loc, "gate '" + name + "' is already defined");
    def.order = definitions.size();
    definitions[name] = std::move(def);
    return true;
  }

  bool skipToSemicolon() {
    while (!isPunct(";")) {
      if (peek().kind == Tok::End)
        return fail(peek().loc, "expected ';'");
      next();
    }
    next();
    return true;
  }

  /// A qubit operand at the top level (a register, or one element) or in
  /// a gate body (a qubit argument).
  bool operand(SmallVectorImpl<unsigned> &qubits, const Scope *scope,
               const StringMap<Register> *table = nullptr) {
    const Token &nameToken = peek();
    std::string name;
    if (!identifier(name, "a qubit"))
      return false;
    if (scope) {
      auto it = scope->qubits.find(name);
      if (it == scope->qubits.end())
        return fail(nameToken.loc,
                    "'" + name + "' is not a qubit argument of this gate");
      qubits.push_back(it->second);
      return true;
    }
    const StringMap<Register> &regs = table ? *table : registers;
    auto it = regs.find(name);
    if (it == regs.end())
      return fail(nameToken.loc,
                  "'" + name + "' is not a declared " +
                      (table ? "bit register" : "qubit register"));
    const Register &reg = it->second;
    if (!isPunct("[")) {
      for (unsigned k = 0; k < reg.size; ++k)
        qubits.push_back(reg.first + k);
      return true;
    }
    next();
    const Token &indexToken = peek();
    unsigned index;
    if (!integer(index, "an index") || !expect("]", "after the index"))
      return false;
    if (index >= reg.size || !reg.indexed)
      return fail(indexToken.loc, "index " + Twine(index) +
                                      " is out of range "
                                      "for '" +
                                      name + "' of size " + Twine(reg.size));
    qubits.push_back(reg.first + index);
    return true;
  }

  bool measure(SMLoc loc, ArrayRef<unsigned> qubits, ArrayRef<unsigned> to) {
    if (qubits.size() != to.size())
      return fail(loc, "measuring " + Twine(qubits.size()) + " qubit(s) into " +
                           Twine(to.size()) + " bit(s)");
    for (auto [qubit, bit] : zip(qubits, to)) {
      if (measuredQubits.count(qubit))
        return fail(loc, "qubit " + Twine(qubit) +
                             " is measured twice; only "
                             "final measurements are "
                             "supported");
      measuredQubits.insert(qubit);
      measuredBits[bit] = qubit;
    }
    return true;
  }

  // measure q -> c;   measure q[0] -> c[1];   measure q; (discarded bits)
  bool measureArrow() {
    SMLoc loc = next().loc;
    SmallVector<unsigned> qubits, to;
    if (!operand(qubits, nullptr))
      return false;
    if (isPunct("->")) {
      next();
      if (!operand(to, nullptr, &bits))
        return false;
    } else {
      // Bits nobody declared: after every declared one, in order.
      for (size_t k = 0; k < qubits.size(); ++k)
        to.push_back(kUndeclaredBits + extraBits++);
    }
    if (!expect(";", "after the measurement"))
      return false;
    return measure(loc, qubits, to);
  }

  // c = measure q;   c[0] = measure q[0];
  bool measureAssign() {
    SMLoc loc = peek().loc;
    SmallVector<unsigned> qubits, to;
    if (!operand(to, nullptr, &bits) || !expect("=", "in the measurement"))
      return false;
    if (!isWord("measure"))
      return fail(peek().loc, "classical assignments other than measurements "
                              "are not supported");
    next();
    if (!operand(qubits, nullptr) || !expect(";", "after the measurement"))
      return false;
    return measure(loc, qubits, to);
  }

  // --- Gate calls ----------------------------------------------------------

  bool gateCall(const Scope *scope) {
    const Token &nameToken = peek();
    std::string name;
    if (!identifier(name, "a gate"))
      return false;
    if (isPunct("@"))
      return fail(nameToken.loc, "gate modifiers are not supported");
    SmallVector<ExprRef> params;
    if (isPunct("(")) {
      next();
      while (!isPunct(")")) {
        ExprRef e = expression(scope);
        if (!e)
          return false;
        params.push_back(e);
        if (!isPunct(","))
          break;
        next();
      }
      if (!expect(")", "after the gate's parameters"))
        return false;
    }
    SmallVector<SmallVector<unsigned>> operands;
    while (!isPunct(";")) {
      operands.emplace_back();
      if (!operand(operands.back(), scope))
        return false;
      if (!isPunct(","))
        break;
      next();
    }
    if (!expect(";", "after the gate's qubits"))
      return false;

    const StandardGate *standard = lookupStandardGate(name);
    auto def = definitions.find(name);
    if (!standard && def == definitions.end())
      return fail(nameToken.loc, "unknown gate '" + name +
                                     "' (define it with 'gate', or "
                                     "include qelib1.inc or "
                                     "stdgates.inc)");
    if (!standard && scope && def->second.order >= scope->order)
      return fail(nameToken.loc, "gate '" + name +
                                     "' is used in a definition that does "
                                     "not come after its own (OpenQASM gates "
                                     "cannot recurse)");
    unsigned numParams =
        standard ? standard->numParams : def->second.params.size();
    unsigned numQubits =
        standard ? standard->numQubits : def->second.qubits.size();
    if (params.size() != numParams)
      return fail(nameToken.loc, "gate '" + name + "' takes " +
                                     Twine(numParams) + " parameter(s), " +
                                     Twine(params.size()) + " given");
    if (operands.size() != numQubits)
      return fail(nameToken.loc, "gate '" + name + "' acts on " +
                                     Twine(numQubits) + " qubit(s), " +
                                     Twine(operands.size()) + " given");
    // Broadcast: every register operand has the same size.
    size_t times = 1;
    for (auto &list : operands)
      if (list.size() > 1) {
        if (times > 1 && list.size() != times)
          return fail(nameToken.loc, "registers of different sizes in one "
                                     "gate call");
        times = list.size();
      }
    for (size_t k = 0; k < times; ++k) {
      SmallVector<unsigned, 3> wires;
      for (auto &list : operands)
        wires.push_back(list.size() > 1 ? list[k] : list.front());
      for (size_t i = 0; i < wires.size(); ++i)
        for (size_t j = i + 1; j < wires.size(); ++j)
          if (wires[i] == wires[j])
            return fail(nameToken.loc,
                        "gate '" + name + "' is given the same qubit twice");
      if (any_of(wires, [&](unsigned w) { return measuredQubits.count(w); }))
        return fail(nameToken.loc, "a gate after a measurement of its qubit: "
                                   "only final measurements are supported");
      if (standard) {
        standard->expand(params, wires, nameToken.loc, circuit.gates);
        continue;
      }
      if (!expand(def->second, name, nameToken.loc, params, wires))
        return false;
    }
    return true;
  }

  bool expand(const GateDefinition &def, StringRef name, SMLoc loc,
              ArrayRef<ExprRef> params, ArrayRef<unsigned> wires) {
    constexpr unsigned kMaxDepth = 64;
    if (depth >= kMaxDepth)
      return fail(loc, "gate definitions nest deeper than " + Twine(kMaxDepth) +
                           " at '" + name + "'");
    Scope scope;
    scope.order = def.order;
    for (auto [param, value] : zip(def.params, params))
      scope.params[param] = value;
    for (auto [qubit, wire] : zip(def.qubits, wires))
      scope.qubits[qubit] = wire;
    size_t saved = pos;
    pos = def.bodyBegin;
    ++depth;
    bool ok = true;
    while (ok && pos < def.bodyEnd) {
      if (isWord("barrier")) {
        ok = skipToSemicolon();
        continue;
      }
      if (peek().kind == Tok::Identifier &&
          (is_contained(kUnsupported, peek().text) || isWord("measure")))
        ok = fail(peek().loc,
                  "'" + peek().text + "' is not supported in a gate body");
      else
        ok = gateCall(&scope);
    }
    --depth;
    pos = saved;
    return ok;
  }

  // --- Expressions ---------------------------------------------------------

  /// Expressions nest at most this deep: each level is a few stack frames,
  /// and fuzz-qasm overflowed the stack with 4000 parentheses.
  static constexpr unsigned kMaxExpressionDepth = 256;

  bool tooDeep() {
    if (expressionDepth < kMaxExpressionDepth)
      return false;
    fail(peek().loc, "expression nested deeper than " +
                         Twine(kMaxExpressionDepth) + " levels");
    return true;
  }

  /// The trees the importer walks recursively stay this shallow; a long sum
  /// is a deep tree too.
  static constexpr unsigned kMaxTreeDepth = 1000;

  ExprRef checked(ExprRef e, SMLoc loc) {
    if (!e || e->depth <= kMaxTreeDepth)
      return e;
    fail(loc, "expression of more than " + Twine(kMaxTreeDepth) +
                  " nested operations");
    return nullptr;
  }

  /// parse() one level deeper, or null past kMaxExpressionDepth.
  ExprRef nested(function_ref<ExprRef()> parse) {
    if (tooDeep())
      return nullptr;
    ++expressionDepth;
    ExprRef result = parse();
    --expressionDepth;
    return result;
  }

  ExprRef expression(const Scope *scope) {
    return nested([&] { return additive(scope); });
  }

  /// operand (op operand)* for the operators `ops`, left associative.
  ExprRef leftAssociative(StringRef ops, function_ref<ExprRef()> operand) {
    ExprRef lhs = operand();
    while (lhs && peek().kind == Tok::Punct && peek().text.size() == 1 &&
           ops.contains(peek().text.front())) {
      char op = next().text.front();
      ExprRef rhs = operand();
      if (!rhs)
        return nullptr;
      lhs = checked(binaryExpr(op, lhs, rhs), peek().loc);
    }
    return lhs;
  }

  ExprRef additive(const Scope *scope) {
    return leftAssociative("+-", [&] { return multiplicative(scope); });
  }

  ExprRef multiplicative(const Scope *scope) {
    return leftAssociative("*/", [&] { return unary(scope); });
  }

  ExprRef unary(const Scope *scope) {
    // A run of signs is one level each, like parentheses.
    if ((isPunct("-") || isPunct("+")) && tooDeep())
      return nullptr;
    if (isPunct("-")) {
      next();
      ExprRef operand = nested([&] { return unary(scope); });
      if (!operand)
        return nullptr;
      auto e = std::make_shared<Expr>();
      e->kind = Expr::Kind::Negate;
      e->depth = operand->depth + 1;
      e->lhs = operand;
      return checked(e, peek().loc);
    }
    if (isPunct("+")) {
      next();
      return nested([&] { return unary(scope); });
    }
    return power(scope);
  }

  ExprRef power(const Scope *scope) {
    ExprRef base = primary(scope);
    if (base && isPunct("^")) {
      next();
      ExprRef exponent = nested([&] { return unary(scope); }); // right assoc.
      if (!exponent)
        return nullptr;
      return checked(binaryExpr('^', base, exponent), peek().loc);
    }
    return base;
  }

  ExprRef primary(const Scope *scope) {
    const Token &t = peek();
    if (t.kind == Tok::Integer || t.kind == Tok::Real) {
      next();
      double value;
      if (t.text.getAsDouble(value))
        return fail(t.loc, "malformed number " + t.text), nullptr;
      return numberExpr(value);
    }
    if (isPunct("(")) {
      next();
      ExprRef inner = expression(scope);
      if (!inner || !expect(")", "to close the parenthesis"))
        return nullptr;
      return inner;
    }
    if (t.kind != Tok::Identifier) {
      fail(t.loc, "expected an expression, found " + describe(t));
      return nullptr;
    }
    next();
    StringRef name = t.text;
    if (isPunct("(")) {
      constexpr StringLiteral kFunctions[] = {
          "sin",    "cos",    "tan",    "exp",  "ln",   "log", "sqrt",
          "arcsin", "arccos", "arctan", "asin", "acos", "atan"};
      if (!is_contained(kFunctions, name)) {
        fail(t.loc, "unknown function '" + name + "'");
        return nullptr;
      }
      next();
      ExprRef argument = expression(scope);
      if (!argument || !expect(")", "after the function's argument"))
        return nullptr;
      auto e = std::make_shared<Expr>();
      e->kind = Expr::Kind::Call;
      e->function = name.str();
      e->depth = argument->depth + 1;
      e->lhs = argument;
      return checked(e, t.loc);
    }
    if (name == "pi" || name == "\xcf\x80") // pi, or the letter itself
      return numberExpr(std::numbers::pi);
    if (name == "tau" || name == "\xcf\x84")
      return numberExpr(2 * std::numbers::pi);
    if (name == "euler" || name == "\xe2\x84\x87")
      return numberExpr(std::numbers::e);
    if (scope) {
      auto it = scope->params.find(name);
      if (it != scope->params.end())
        return it->second;
    }
    auto input = inputs.find(name);
    if (input != inputs.end()) {
      auto e = std::make_shared<Expr>();
      e->kind = Expr::Kind::Input;
      e->input = input->second;
      return e;
    }
    fail(t.loc, "'" + name + "' is not a parameter, an input or a constant");
    return nullptr;
  }

  static constexpr unsigned kUndeclaredBits = 1u << 30;

  std::vector<Token> tokens;
  size_t pos = 0;
  ParseError &error;
  Circuit circuit;
  unsigned numBits = 0, extraBits = 0, depth = 0, expressionDepth = 0;
  StringMap<Register> registers, bits;
  StringMap<unsigned> inputs;
  StringMap<GateDefinition> definitions;
  std::map<unsigned, unsigned> measuredBits; // bit -> qubit, in bit order
  std::set<unsigned> measuredQubits;
};

} // namespace

std::optional<Circuit> parseCircuit(const SourceMgr &sources,
                                    ParseError &error) {
  std::vector<Token> tokens;
  const MemoryBuffer *buffer = sources.getMemoryBuffer(sources.getMainFileID());
  if (!tokenize(buffer->getBuffer(), tokens, error))
    return std::nullopt;
  return Parser(std::move(tokens), error).run();
}

} // namespace qgrad::interop::qasm
