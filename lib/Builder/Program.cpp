//===- Program.cpp - Hybrid programs built in C++ -------------------------===//
//
// The builder writes the same MLIR a user would (func.func qnodes with the
// quantum dialect, classical functions with arith/math), and compile() runs
// it through the driver's stages: gradient lowering, bufferization, LLVM,
// the AD engine, the JIT. The entry and `entry.value_and_grad` (a
// gradient.value_and_grad over every argument) get packed wrappers that
// CompiledFunction calls.
//
//===----------------------------------------------------------------------===//

#include "qgrad/Builder/Program.h"

#include "qgrad/AD/Engine.h"
#include "qgrad/AD/Pipeline.h"
#include "qgrad/Dialect/Gradient/IR/GradientOps.h"
#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"
#include "qgrad/Dialect/Quantum/IR/QuantumTypes.h"
#include "qgrad/Driver/CompiledProgram.h"
#include "qgrad/Driver/EntryPoint.h"
#include "qgrad/Driver/Pipeline.h"
#include "qgrad_rt.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <cassert>
#include <cstring>

using namespace mlir;

namespace qgrad::builder {

namespace detail {

struct FunctionState {
  FunctionState(ProgramState &program, func::FuncOp function)
      : program(program), function(function), builder(function.getContext()),
        loc(NameLoc::get(function.getSymNameAttr())) {}

  /// The MLIR value of `s` in this function (a constant is materialised).
  Value get(Scalar s);
  Scalar wrap(Value v) { return Scalar(this, v.getAsOpaquePointer()); }
  void fail(const Twine &message);

  ProgramState &program;
  func::FuncOp function;
  OpBuilder builder;
  Location loc;
  SmallVector<Value> qubits; // qnodes: the current value of each wire
};

struct ProgramState {
  ProgramState()
      : context(driver::createContext()),
        module(ModuleOp::create(UnknownLoc::get(context.get()))) {}

  func::FuncOp declare(StringRef name, unsigned numArgs) {
    OpBuilder b(context.get());
    b.setInsertionPointToEnd(module->getBody());
    SmallVector<Type> args(numArgs, b.getF64Type());
    auto fn = func::FuncOp::create(b, NameLoc::get(b.getStringAttr(name)), name,
                                   b.getFunctionType(args, {b.getF64Type()}));
    fn.addEntryBlock();
    return fn;
  }

  template <typename BodyT, typename BuildT>
  Scalar build(FunctionState &state, BuildT &build, BodyT &body) {
    std::vector<Scalar> args;
    for (BlockArgument arg : state.function.getArguments())
      args.push_back(state.wrap(arg));
    return build(body, std::span<const Scalar>(args));
  }

  std::unique_ptr<MLIRContext> context;
  OwningOpRef<ModuleOp> module;
  std::string firstError;
};

Value FunctionState::get(Scalar s) {
  if (s.function == this)
    return Value::getFromOpaquePointer(s.value);
  if (s.function)
    fail("a value of another function is used in '" + function.getSymName() +
         "'");
  return arith::ConstantOp::create(builder, loc,
                                   builder.getF64FloatAttr(s.constant));
}

void FunctionState::fail(const Twine &message) {
  if (program.firstError.empty())
    program.firstError = message.str();
}

struct CompiledState {
  driver::CompiledProgram program;
  std::string valueEntry, gradientEntry;
  unsigned numArgs = 0;
};

} // namespace detail

using detail::FunctionState;

// --- Scalars ---------------------------------------------------------------

Scalar::Scalar(double constant) : constant(constant) {}

namespace detail {

/// The arithmetic of Scalars: an op in their function, or folded when both
/// are constants.
struct ScalarOps {
  template <typename OpT>
  static Scalar binary(Scalar a, Scalar b, double (*fold)(double, double)) {
    FunctionState *f = a.function ? a.function : b.function;
    if (!f)
      return Scalar(fold(a.constant, b.constant));
    return f->wrap(OpT::create(f->builder, f->loc, f->get(a), f->get(b)));
  }

  template <typename OpT>
  static Scalar unary(Scalar a, double (*fold)(double)) {
    if (!a.function)
      return Scalar(fold(a.constant));
    FunctionState *f = a.function;
    return f->wrap(OpT::create(f->builder, f->loc, f->get(a)));
  }
};

} // namespace detail

namespace {
template <typename OpT>
Scalar binary(Scalar a, Scalar b, double (*fold)(double, double)) {
  return detail::ScalarOps::binary<OpT>(a, b, fold);
}
template <typename OpT> Scalar unary(Scalar a, double (*fold)(double)) {
  return detail::ScalarOps::unary<OpT>(a, fold);
}
} // namespace

Scalar operator+(Scalar a, Scalar b) {
  return binary<arith::AddFOp>(a, b, [](double x, double y) { return x + y; });
}
Scalar operator-(Scalar a, Scalar b) {
  return binary<arith::SubFOp>(a, b, [](double x, double y) { return x - y; });
}
Scalar operator*(Scalar a, Scalar b) {
  return binary<arith::MulFOp>(a, b, [](double x, double y) { return x * y; });
}
Scalar operator/(Scalar a, Scalar b) {
  return binary<arith::DivFOp>(a, b, [](double x, double y) { return x / y; });
}
Scalar operator-(Scalar a) {
  return unary<arith::NegFOp>(a, [](double x) { return -x; });
}
Scalar sin(Scalar a) { return unary<math::SinOp>(a, std::sin); }
Scalar cos(Scalar a) { return unary<math::CosOp>(a, std::cos); }
Scalar exp(Scalar a) { return unary<math::ExpOp>(a, std::exp); }
Scalar log(Scalar a) { return unary<math::LogOp>(a, std::log); }
Scalar sqrt(Scalar a) { return unary<math::SqrtOp>(a, std::sqrt); }
Scalar tanh(Scalar a) { return unary<math::TanhOp>(a, std::tanh); }
Scalar pow(Scalar base, Scalar exponent) {
  return binary<math::PowFOp>(base, exponent, std::pow);
}

// --- Observables -------------------------------------------------------------

Observable PauliX(unsigned wire) { return {{{'X', wire}}}; }
Observable PauliY(unsigned wire) { return {{{'Y', wire}}}; }
Observable PauliZ(unsigned wire) { return {{{'Z', wire}}}; }
Observable operator*(Observable a, const Observable &b) {
  a.factors.insert(a.factors.end(), b.factors.begin(), b.factors.end());
  return a;
}

// --- Bodies ------------------------------------------------------------------

void Circuit::gate(std::string_view name, std::initializer_list<Scalar> params,
                   std::initializer_list<unsigned> wires) {
  SmallVector<Value> values, inputs;
  for (Scalar p : params)
    values.push_back(function.get(p));
  for (unsigned wire : wires) {
    if (wire >= function.qubits.size()) {
      function.fail("gate '" + Twine(name) + "' in '" +
                    function.function.getSymName() + "' acts on wire " +
                    Twine(wire) + ", but the qnode has " +
                    Twine(function.qubits.size()) + " wires");
      return;
    }
    inputs.push_back(function.qubits[wire]);
  }
  auto op = quantum::CustomOp::create(function.builder, function.loc,
                                      StringRef(name.data(), name.size()),
                                      values, inputs);
  for (auto [wire, result] : llvm::zip(wires, op->getResults()))
    function.qubits[wire] = result;
}

Scalar Circuit::expval(const Observable &observable) {
  OpBuilder &b = function.builder;
  SmallVector<Value> terms;
  for (const Observable::Factor &factor : observable.factors) {
    if (factor.wire >= function.qubits.size()) {
      function.fail("an observable in '" + function.function.getSymName() +
                    "' acts on wire " + Twine(factor.wire) +
                    ", but the qnode has " + Twine(function.qubits.size()) +
                    " wires");
      return Scalar(0.0);
    }
    quantum::NamedObservable kind =
        factor.pauli == 'X'   ? quantum::NamedObservable::PauliX
        : factor.pauli == 'Y' ? quantum::NamedObservable::PauliY
                              : quantum::NamedObservable::PauliZ;
    terms.push_back(quantum::NamedObsOp::create(
        b, function.loc, function.qubits[factor.wire], kind));
  }
  if (terms.empty()) {
    function.fail("an empty observable in '" + function.function.getSymName() +
                  "'");
    return Scalar(0.0);
  }
  Value obs = terms.size() == 1
                  ? terms.front()
                  : quantum::TensorOp::create(
                        b, function.loc,
                        quantum::ObservableType::get(b.getContext()), terms)
                        .getResult();
  return function.wrap(
      quantum::ExpvalOp::create(b, function.loc, b.getF64Type(), obs));
}

Scalar Body::call(const FunctionRef &callee,
                  std::initializer_list<Scalar> args) {
  if (args.size() != callee.numArgs) {
    function.fail("'" + callee.name + "' takes " + Twine(callee.numArgs) +
                  " argument(s), " + Twine(args.size()) + " given in '" +
                  function.function.getSymName() + "'");
    return Scalar(0.0);
  }
  SmallVector<Value> values;
  for (Scalar a : args)
    values.push_back(function.get(a));
  auto call =
      func::CallOp::create(function.builder, function.loc, callee.name,
                           TypeRange{function.builder.getF64Type()}, values);
  return function.wrap(call.getResult(0));
}

// --- Programs ----------------------------------------------------------------

Program::Program() : state(std::make_unique<detail::ProgramState>()) {}
Program::~Program() = default;

FunctionRef Program::qnode(
    std::string name, unsigned numArgs, unsigned numWires, DiffMethod method,
    std::function<Scalar(Circuit &, std::span<const Scalar>)> build) {
  func::FuncOp fn = state->declare(name, numArgs);
  OpBuilder b(fn.getContext());
  fn->setAttr("qnode", b.getUnitAttr());
  fn->setAttr("diff_method",
              b.getStringAttr(method == DiffMethod::Adjoint ? "adjoint"
                              : method == DiffMethod::Best
                                  ? "best"
                                  : "parameter-shift"));
  FunctionState function(*state, fn);
  function.builder.setInsertionPointToStart(&fn.front());
  auto reg = quantum::AllocOp::create(function.builder, function.loc,
                                      int64_t(numWires));
  for (unsigned wire = 0; wire < numWires; ++wire)
    function.qubits.push_back(
        quantum::ExtractOp::create(function.builder, function.loc, reg, wire));
  Circuit circuit(function);
  Scalar result = state->build(function, build, circuit);
  Value value = function.get(result);
  Value current = reg;
  for (unsigned wire = 0; wire < numWires; ++wire)
    current = quantum::InsertOp::create(function.builder, function.loc, current,
                                        wire, function.qubits[wire]);
  quantum::DeallocOp::create(function.builder, function.loc, current);
  func::ReturnOp::create(function.builder, function.loc, value);
  return {name, numArgs};
}

FunctionRef Program::function(
    std::string name, unsigned numArgs,
    std::function<Scalar(Body &, std::span<const Scalar>)> build) {
  func::FuncOp fn = state->declare(name, numArgs);
  FunctionState function(*state, fn);
  function.builder.setInsertionPointToStart(&fn.front());
  Body body(function);
  Scalar result = state->build(function, build, body);
  func::ReturnOp::create(function.builder, function.loc, function.get(result));
  return {name, numArgs};
}

std::string Program::mlir() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  state->module->print(os);
  return text;
}

namespace {

/// `entry.value_and_grad(args) -> (f64, d/d args...)`.
void addValueAndGradient(ModuleOp module, const FunctionRef &entry) {
  OpBuilder b(module.getContext());
  b.setInsertionPointToEnd(module.getBody());
  Type f64 = b.getF64Type();
  SmallVector<Type> args(entry.numArgs, f64), results(entry.numArgs + 1, f64);
  Location loc = NameLoc::get(b.getStringAttr(entry.name));
  auto fn = func::FuncOp::create(b, loc, entry.name + ".value_and_grad",
                                 b.getFunctionType(args, results));
  Block *body = fn.addEntryBlock();
  b.setInsertionPointToStart(body);
  SmallVector<int64_t> positions;
  for (unsigned i = 0; i < entry.numArgs; ++i)
    positions.push_back(i);
  auto indices = DenseIntElementsAttr::get(
      RankedTensorType::get({int64_t(positions.size())}, b.getIndexType()),
      positions);
  auto derivative = gradient::ValueAndGradOp::create(
      b, loc, results, b.getStringAttr("auto"),
      FlatSymbolRefAttr::get(b.getContext(), entry.name), indices, FloatAttr(),
      body->getArguments());
  func::ReturnOp::create(b, loc, derivative.getResults());
}

} // namespace

llvm::Expected<CompiledFunction> Program::compile(const FunctionRef &entry) {
  if (!state->firstError.empty())
    return llvm::createStringError("invalid program: " + state->firstError);
  if (entry.numArgs == 0)
    return llvm::createStringError("'" + entry.name +
                                   "' has no argument to differentiate");
  // compileModule verifies the program (and reports its diagnostics).
  OwningOpRef<ModuleOp> module(state->module->clone());
  addValueAndGradient(*module, entry);

  std::string gradientName = entry.name + ".value_and_grad";
  auto program = driver::CompiledProgram::compileModule(
      *module, {entry.name, gradientName});
  if (!program)
    return program.takeError();
  auto compiled =
      std::unique_ptr<detail::CompiledState>(new detail::CompiledState{
          std::move(*program), entry.name, gradientName, entry.numArgs});
  return CompiledFunction(std::move(compiled));
}

// --- Compiled functions ------------------------------------------------------

namespace {

std::vector<driver::HostValue> hostScalars(std::span<const double> values) {
  std::vector<driver::HostValue> host;
  for (double v : values) {
    driver::HostValue value;
    value.bytes.resize(sizeof(double));
    std::memcpy(value.bytes.data(), &v, sizeof(double));
    host.push_back(std::move(value));
  }
  return host;
}

std::vector<driver::HostValue> invoke(const driver::CompiledProgram &program,
                                      llvm::StringRef entry,
                                      std::span<const double> args) {
  std::vector<driver::HostValue> host = hostScalars(args);
  auto results = program.call(entry, host);
  // The builder's functions only take and return f64 scalars, so a failed
  // call is a runtime error; its results are NaN, as the runtime's are.
  if (!results) {
    llvm::consumeError(results.takeError());
    driver::HostValue nan;
    nan.bytes.resize(sizeof(double));
    double value = std::numeric_limits<double>::quiet_NaN();
    std::memcpy(nan.bytes.data(), &value, sizeof value);
    return std::vector<driver::HostValue>(
        program.getSignature(entry)->results.size(), nan);
  }
  return std::move(*results);
}

} // namespace

CompiledFunction::CompiledFunction(std::unique_ptr<detail::CompiledState> s)
    : state(std::move(s)) {}
CompiledFunction::CompiledFunction(CompiledFunction &&) = default;
CompiledFunction::~CompiledFunction() = default;

unsigned CompiledFunction::numArgs() const { return state->numArgs; }

double CompiledFunction::operator()(std::span<const double> args) const {
  assert(args.size() == state->numArgs && "wrong number of arguments");
  return invoke(state->program, state->valueEntry, args).front().getAsDouble(0);
}

double CompiledFunction::valueAndGradient(std::span<const double> args,
                                          std::span<double> gradient) const {
  assert(args.size() == state->numArgs && gradient.size() == state->numArgs &&
         "wrong number of arguments or gradient entries");
  std::vector<driver::HostValue> results =
      invoke(state->program, state->gradientEntry, args);
  for (unsigned i = 0; i < state->numArgs; ++i)
    gradient[i] = results[i + 1].getAsDouble(0);
  return results.front().getAsDouble(0);
}

} // namespace qgrad::builder
