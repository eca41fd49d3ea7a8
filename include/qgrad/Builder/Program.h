//===- qgrad/Builder/Program.h - Hybrid programs built in C++ ---*- C++ -*-===//
//
// For C++ users who want qgrad as a library: build a hybrid program
// (qnodes of gates and expectation values, classical functions of scalars
// around them), compile one function of it once, then call it and its exact
// gradient on std::span<const double>.
//
//   qgrad::builder::Program program;
//   auto circuit = program.qnode(
//       "circuit", /*numArgs=*/1, /*numWires=*/1,
//       qgrad::builder::DiffMethod::ParameterShift,
//       [](qgrad::builder::Circuit &c, std::span<const Scalar> x) {
//         c.gate("RX", {2.0 * x[0]}, {0});
//         return c.expval(qgrad::builder::PauliZ(0));
//       });
//   auto loss = program.function(
//       "loss", 1, [&](qgrad::builder::Body &b, std::span<const Scalar> x) {
//         return cos(b.call(circuit, {x[0]}));
//       });
//   auto compiled = program.compile(loss);   // llvm::Expected
//   double value = compiled->valueAndGradient(x, gradient);
//
// Scalars are f64 values of the function being built; their operators and
// functions add the matching arith/math ops (docs/builder.md).
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_BUILDER_PROGRAM_H
#define QGRAD_BUILDER_PROGRAM_H

#include "llvm/Support/Error.h"

#include <functional>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qgrad::builder {

class Program;

namespace detail {
struct FunctionState;
struct ProgramState;
struct CompiledState;
struct ScalarOps;
} // namespace detail

/// An f64 value of the function under construction.
class Scalar {
public:
  Scalar(double constant); // NOLINT: constants mix with scalars freely
  friend Scalar operator+(Scalar a, Scalar b);
  friend Scalar operator-(Scalar a, Scalar b);
  friend Scalar operator*(Scalar a, Scalar b);
  friend Scalar operator/(Scalar a, Scalar b);
  friend Scalar operator-(Scalar a);
  friend Scalar sin(Scalar a);
  friend Scalar cos(Scalar a);
  friend Scalar exp(Scalar a);
  friend Scalar log(Scalar a);
  friend Scalar sqrt(Scalar a);
  friend Scalar tanh(Scalar a);
  friend Scalar pow(Scalar base, Scalar exponent);

private:
  friend struct detail::FunctionState;
  friend struct detail::ScalarOps;
  friend class Circuit;
  friend class Body;
  Scalar(detail::FunctionState *function, void *value)
      : function(function), value(value) {}
  detail::FunctionState *function = nullptr; // null: a constant
  void *value = nullptr;                     // an mlir::Value
  double constant = 0;
};

/// A product of Pauli operators on wires: PauliZ(0) * PauliZ(1).
struct Observable {
  struct Factor {
    char pauli; // 'X', 'Y' or 'Z'
    unsigned wire;
  };
  std::vector<Factor> factors;
};
Observable PauliX(unsigned wire);
Observable PauliY(unsigned wire);
Observable PauliZ(unsigned wire);
Observable operator*(Observable a, const Observable &b);

enum class DiffMethod { ParameterShift, Adjoint, Best };

/// A function of the program, to call from others or to compile.
struct FunctionRef {
  std::string name;
  unsigned numArgs = 0;
};

/// Builds a qnode's body: gates of qgrad's gate table (PennyLane's names:
/// "RX", "CNOT", "Rot", ...) on wires, then expectation values.
class Circuit {
public:
  void gate(std::string_view name, std::initializer_list<Scalar> params,
            std::initializer_list<unsigned> wires);
  Scalar expval(const Observable &observable);

private:
  friend class Program;
  explicit Circuit(detail::FunctionState &function) : function(function) {}
  detail::FunctionState &function;
};

/// Builds a classical function's body.
class Body {
public:
  Scalar call(const FunctionRef &callee, std::initializer_list<Scalar> args);

private:
  friend class Program;
  explicit Body(detail::FunctionState &function) : function(function) {}
  detail::FunctionState &function;
};

/// A compiled function of n f64 arguments returning one f64, with its
/// gradient (exact: reverse mode through the classical code, each qnode's
/// method through the circuits).
class CompiledFunction {
public:
  CompiledFunction(CompiledFunction &&);
  ~CompiledFunction();
  unsigned numArgs() const;
  /// f(args); args.size() must be numArgs().
  double operator()(std::span<const double> args) const;
  /// f(args), and its gradient written to `gradient` (numArgs() entries).
  double valueAndGradient(std::span<const double> args,
                          std::span<double> gradient) const;

private:
  friend class Program;
  explicit CompiledFunction(std::unique_ptr<detail::CompiledState> state);
  std::unique_ptr<detail::CompiledState> state;
};

class Program {
public:
  Program();
  ~Program();

  /// A qnode on `numWires` qubits taking `numArgs` f64 arguments and
  /// returning the Scalar `build` returns (an expectation value).
  FunctionRef
  qnode(std::string name, unsigned numArgs, unsigned numWires,
        DiffMethod method,
        std::function<Scalar(Circuit &, std::span<const Scalar>)> build);
  /// A classical function of `numArgs` f64 arguments returning one f64.
  FunctionRef
  function(std::string name, unsigned numArgs,
           std::function<Scalar(Body &, std::span<const Scalar>)> build);

  /// The program as MLIR text (the quantum and gradient dialects).
  std::string mlir() const;

  /// Compiles `entry` and its gradient through qgrad's pipeline. Errors
  /// (an invalid program, an unknown gate) name the function.
  llvm::Expected<CompiledFunction> compile(const FunctionRef &entry);

private:
  std::unique_ptr<detail::ProgramState> state;
};

} // namespace qgrad::builder

#endif // QGRAD_BUILDER_PROGRAM_H
