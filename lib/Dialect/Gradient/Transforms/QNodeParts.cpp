//===- QNodeParts.cpp - A qnode split for differentiation -----------------===//
//
// Every part is a clone of the qnode with one change to how gate parameters
// are treated (counted, stored, read back) and, for the classical parts,
// with the quantum operations removed. Parameters are numbered in execution
// order by a counter in a stack slot, which works under any control flow;
// LLVM promotes it to a register.
//
//===----------------------------------------------------------------------===//

#include "QNodeParts.h"

#include "Buffers.h"

#include "qgrad/Dialect/Quantum/IR/GateTable.h"
#include "qgrad/Dialect/Quantum/IR/QNode.h"
#include "qgrad/Dialect/Quantum/IR/QuantumDialect.h"
#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"
#include "qgrad/Dialect/Quantum/IR/QuantumTypes.h"
#include "qgrad/Dialect/Quantum/Utils/RuntimeAPI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <numbers>

using namespace mlir;
using namespace qgrad::gradient::detail;
namespace quantum = qgrad::quantum;

namespace {

/// What a clone does at each gate parameter.
enum class ParamUse { Count, Store, StoreKind, Load };

/// Shift-rule codes written by Q.kinds.
enum : int64_t { kTwoTermCode = 0, kFourTermCode = 1 };

/// The two-term rule: f'(t) = [f(t + pi/2) - f(t - pi/2)] / 2 for a
/// generator with one frequency. The four-term rule for two frequencies
/// (1/2 and 1):  f'(t) = c1 [f(t + pi/2) - f(t - pi/2)]
///                     - c2 [f(t + 3pi/2) - f(t - 3pi/2)].
constexpr double kHalfPi = std::numbers::pi / 2;
constexpr double kFourTermC1 =
    (std::numbers::sqrt2 + 1) / (4 * std::numbers::sqrt2);
constexpr double kFourTermC2 =
    (std::numbers::sqrt2 - 1) / (4 * std::numbers::sqrt2);

/// Emits the terms of the shift rule of a parameter whose kind code (Q.kinds)
/// is `kind`: addTerm(shift, scale, first) for scale [f(t + shift) -
/// f(t - shift)], first for the rule's first term.
using ShiftTermBuilder =
    function_ref<void(OpBuilder &, double shift, double scale, bool first)>;
void emitShiftRule(OpBuilder &b, Location loc, Value kind,
                   ShiftTermBuilder addTerm) {
  Value isFourTerm = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq, kind,
      arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(kFourTermCode)));
  scf::IfOp::create(
      b, loc, isFourTerm,
      [&](OpBuilder &tb, Location tl) {
        addTerm(tb, kHalfPi, kFourTermC1, true);
        addTerm(tb, 3 * kHalfPi, -kFourTermC2, false);
        scf::YieldOp::create(tb, tl);
      },
      [&](OpBuilder &eb, Location el) {
        addTerm(eb, kHalfPi, 0.5, true);
        scf::YieldOp::create(eb, el);
      });
}

/// The central-difference step of diff_method "finite-diff": the cube root
/// of the machine epsilon balances the truncation error (step^2 / 6 times the
/// third derivative) against rounding (eps / step), about 1e-11 each for
/// expectation values of gate angles.
constexpr double kFiniteDifferenceStep = 6.0554544523933395e-06;

/// The derivative rule of one parameter: the shift rule of its kind, or a
/// central difference when the qnode is differentiated by finite differences.
void emitDerivativeRule(OpBuilder &b, Location loc, Value kind,
                        bool finiteDifference, ShiftTermBuilder addTerm) {
  if (finiteDifference) {
    addTerm(b, kFiniteDifferenceStep, 0.5 / kFiniteDifferenceStep, true);
    return;
  }
  emitShiftRule(b, loc, kind, addTerm);
}

/// A value buffer per result type into `plus` and one into `minus`.
void allocPlusMinus(OpBuilder &b, Location loc, TypeRange types,
                    SmallVectorImpl<Value> &plus,
                    SmallVectorImpl<Value> &minus) {
  for (Type type : types) {
    plus.push_back(memref::AllocOp::create(b, loc, getValueBufferType(type)));
    minus.push_back(memref::AllocOp::create(b, loc, getValueBufferType(type)));
  }
}

/// Runs evaluate(b, sign * shift, outs) for sign = +1 into `plus` and
/// sign = -1 into `minus`: the two evaluations of one shift-rule term.
void evaluateBothSigns(
    OpBuilder &b, double shift, ArrayRef<Value> plus, ArrayRef<Value> minus,
    function_ref<void(OpBuilder &, double, ArrayRef<Value>)> evaluate) {
  evaluate(b, shift, plus);
  evaluate(b, -shift, minus);
}

/// For every element e of the value buffers plus and minus (of the same
/// shape): write(b, e, scale * (plus[e] - minus[e])), the term of a rule.
void emitScaledDifferences(
    OpBuilder &b, Location loc, Value plus, Value minus, double scale,
    function_ref<void(OpBuilder &, Location, Value e, Value term)> write) {
  LinearView plusView(b, loc, plus), minusView(b, loc, minus);
  buildLoop(b, loc, getNumElements(b, loc, plus),
            [&](OpBuilder &eb, Location el, Value e) {
              Value difference = arith::SubFOp::create(
                  eb, el, plusView.load(eb, el, e), minusView.load(eb, el, e));
              write(eb, el, e,
                    arith::MulFOp::create(eb, el, difference,
                                          f64Constant(eb, el, scale)));
            });
}

bool isQuantumType(Type type) {
  return isa<quantum::QubitType, quantum::QuregType, quantum::ObservableType>(
      type);
}

/// The f64 parameter operands of a gate, as operands so clones can replace
/// them.
MutableArrayRef<OpOperand> getParamOperands(Operation *gate) {
  if (auto custom = dyn_cast<quantum::CustomOp>(gate))
    return custom.getParamsMutable();
  if (auto multiRZ = dyn_cast<quantum::MultiRZOp>(gate))
    return MutableArrayRef<OpOperand>(&multiRZ.getThetaMutable(), 1);
  return {};
}

class QNodeSplitter {
public:
  QNodeSplitter(ModuleOp module, func::FuncOp qnode)
      : module(module), qnode(qnode), symbols(module), loc(qnode.getLoc()) {}

  FailureOr<func::FuncOp> getSurrogate();
  FailureOr<func::FuncOp> getSecondOrderSurrogate();

private:
  ModuleOp module;
  func::FuncOp qnode;
  SymbolTable symbols;
  Location loc;

  std::string partName(StringRef part) {
    return (qnode.getSymName() + "." + part).str();
  }
  func::FuncOp lookup(StringRef part) {
    return symbols.lookup<func::FuncOp>(partName(part));
  }

  /// A private clone of the qnode named `part` whose entry block has the
  /// qnode's arguments followed by `extraInputs`.
  func::FuncOp clonePart(StringRef part, TypeRange extraInputs,
                         TypeRange results);
  /// Applies `use` at every gate parameter of `fn`, numbering parameters
  /// with a counter; returns the counter slot.
  Value rewriteParams(func::FuncOp fn, ParamUse use, Value buffer);
  /// Replaces every return of fn by one built by `build`.
  void replaceReturns(func::FuncOp fn,
                      function_ref<SmallVector<Value>(OpBuilder &)> build);

  FailureOr<func::FuncOp> getClassicalPart(StringRef part, ParamUse use);
  FailureOr<func::FuncOp> getQuantumPart();
  FailureOr<func::FuncOp> getAdjointPart();
  FailureOr<func::FuncOp> getEvaluate();
  /// Q.evaluate.columns, the parameter-shift (or central-difference) loop
  /// over the Jacobians' columns, and Q.evaluate.column, its body.
  func::FuncOp getShiftColumns(func::FuncOp quantumPart, bool finiteDifference);
  FailureOr<func::FuncOp> getLinearised();
  /// A private function `part` with an entry block, inlined before AD.
  func::FuncOp createInlinedPart(StringRef part, FunctionType type);
  /// Q.evaluate at params: the constant copy params0 it makes, and the
  /// value and Jacobian buffers it writes, one per result.
  struct Evaluation {
    Value params0;
    SmallVector<Value> values, jacobians;
  };
  Evaluation evaluateAt(OpBuilder &b, func::FuncOp evaluate, ValueRange args,
                        Value params, Value numParams);
  /// outs[k][e] = values[k][e] + sum_j slopes[k][e, j] (params_j -
  /// params0_j): exact in value (the difference is zero), with the slopes as
  /// derivative with respect to params.
  void writeLinearised(OpBuilder &b, const Evaluation &at, Value params,
                       Value numParams, ArrayRef<Value> slopes,
                       ValueRange outs);
  /// A private alwaysinline function `part` of the qnode's type whose body
  /// computes the gate parameters (params, active, and params0, the
  /// constant copy) and the Jacobian of every result at params, then
  /// returns value + sum_j slope(e, j) (params_j - params0_j) per result
  /// element e; slope is built by `buildSlopes` into a matrix per result.
  using SlopeBuilder = function_ref<SmallVector<Value>(
      OpBuilder &, ValueRange args, Value params, Value numParams,
      ArrayRef<Value> jacobians)>;
  FailureOr<func::FuncOp> buildLinearisation(StringRef part,
                                             SlopeBuilder buildSlopes);
};

func::FuncOp QNodeSplitter::clonePart(StringRef part, TypeRange extraInputs,
                                      TypeRange results) {
  SmallVector<Type> inputs(qnode.getArgumentTypes());
  inputs.append(extraInputs.begin(), extraInputs.end());
  OpBuilder b(module.getContext());
  b.setInsertionPointAfter(qnode);
  auto fn = func::FuncOp::create(b, loc, partName(part),
                                 b.getFunctionType(inputs, results));
  fn.setPrivate();
  IRMapping mapping;
  qnode.getBody().cloneInto(&fn.getBody(), mapping);
  for (Type type : extraInputs)
    fn.front().addArgument(type, loc);
  symbols.insert(fn);
  return fn;
}

Value QNodeSplitter::rewriteParams(func::FuncOp fn, ParamUse use,
                                   Value buffer) {
  OpBuilder b(fn.getContext());
  b.setInsertionPointToStart(&fn.front());
  Value counter =
      memref::AllocaOp::create(b, loc, MemRefType::get({}, b.getIndexType()));
  memref::StoreOp::create(b, loc, indexConstant(b, loc, 0), counter);

  SmallVector<Operation *> gates;
  fn.walk([&](quantum::GateOpInterface gate) {
    gates.push_back(gate.getOperation());
  });
  for (Operation *gate : gates) {
    const quantum::GateInfo *info =
        quantum::lookupGate(cast<quantum::GateOpInterface>(gate).getGateName());
    b.setInsertionPoint(gate);
    Location gateLoc = gate->getLoc();
    for (OpOperand &operand : getParamOperands(gate)) {
      Value index = memref::LoadOp::create(b, gateLoc, counter);
      Value next = arith::AddIOp::create(b, gateLoc, index,
                                         indexConstant(b, gateLoc, 1));
      memref::StoreOp::create(b, gateLoc, next, counter);
      switch (use) {
      case ParamUse::Count:
        break;
      case ParamUse::Store:
        memref::StoreOp::create(b, gateLoc, operand.get(), buffer, index);
        break;
      case ParamUse::StoreKind: {
        int64_t code = info && info->shiftRule == quantum::ShiftRule::FourTerm
                           ? kFourTermCode
                           : kTwoTermCode;
        Value kind =
            arith::ConstantOp::create(b, gateLoc, b.getI64IntegerAttr(code));
        memref::StoreOp::create(b, gateLoc, kind, buffer, index);
        break;
      }
      case ParamUse::Load:
        operand.set(memref::LoadOp::create(b, gateLoc, buffer, index));
        break;
      }
    }
  }
  return counter;
}

void QNodeSplitter::replaceReturns(
    func::FuncOp fn, function_ref<SmallVector<Value>(OpBuilder &)> build) {
  SmallVector<func::ReturnOp> returns;
  fn.walk([&](func::ReturnOp op) { returns.push_back(op); });
  for (func::ReturnOp op : returns) {
    OpBuilder b(op);
    func::ReturnOp::create(b, op.getLoc(), build(b));
    op.erase();
  }
}

} // namespace

LogicalResult qgrad::gradient::detail::removeQuantumOps(func::FuncOp fn,
                                                        func::FuncOp qnode) {
  MLIRContext *context = fn.getContext();
  // Gates, measurements and inserts hand their qubits (registers) through:
  // forward each quantum result to the operand it came from.
  fn.walk([&](Operation *op) {
    if (auto gate = dyn_cast<quantum::GateOpInterface>(op)) {
      for (auto [in, out] : llvm::zip(gate.getInQubits(), gate.getOutQubits()))
        out.replaceAllUsesWith(in);
    } else if (auto measure = dyn_cast<quantum::MeasureOp>(op)) {
      measure.getOutQubit().replaceAllUsesWith(measure.getInQubit());
    } else if (auto insert = dyn_cast<quantum::InsertOp>(op)) {
      insert.getOutQreg().replaceAllUsesWith(insert.getInQreg());
    }
  });

  auto eraseDeadQuantumOps = [&] {
    bool changed = true;
    while (changed) {
      changed = false;
      SmallVector<Operation *> ops;
      fn.walk<WalkOrder::PostOrder>([&](Operation *op) {
        if (isa<quantum::QuantumDialect>(op->getDialect()))
          ops.push_back(op);
      });
      for (Operation *op : llvm::reverse(ops)) {
        if (!op->use_empty())
          continue;
        op->erase();
        changed = true;
      }
    }
  };
  eraseDeadQuantumOps();

  // Loops and conditionals that carried qubits now pass them through
  // unchanged; canonicalization drops those loop-carried values.
  RewritePatternSet patterns(context);
  for (Dialect *dialect : context->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : context->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, context);
  (void)applyPatternsGreedily(fn, std::move(patterns));
  eraseDeadQuantumOps();

  WalkResult leftover = fn.walk([&](Operation *op) {
    bool quantumValue = llvm::any_of(op->getResultTypes(), isQuantumType) ||
                        llvm::any_of(op->getOperandTypes(), isQuantumType);
    if (!quantumValue && !isa<quantum::QuantumDialect>(op->getDialect()))
      return WalkResult::advance();
    InFlightDiagnostic diag = qnode.emitError()
                              << "cannot separate the gate parameters of "
                                 "qnode @"
                              << qnode.getSymName()
                              << " from its quantum operations";
    diag.attachNote(op->getLoc())
        << "this operation still needs a quantum value in the classical "
           "part (do gate parameters or control flow depend on a "
           "measurement outcome?)";
    return WalkResult::interrupt();
  });
  return failure(leftover.wasInterrupted());
}

namespace {

FailureOr<func::FuncOp> QNodeSplitter::getClassicalPart(StringRef part,
                                                        ParamUse use) {
  if (func::FuncOp existing = lookup(part))
    return existing;
  OpBuilder b(module.getContext());
  Type indexType = b.getIndexType();
  SmallVector<Type> extra;
  if (use == ParamUse::Store)
    extra.push_back(MemRefType::get({ShapedType::kDynamic}, b.getF64Type()));
  if (use == ParamUse::StoreKind)
    extra.push_back(MemRefType::get({ShapedType::kDynamic}, b.getI64Type()));
  SmallVector<Type> results;
  if (use == ParamUse::Count)
    results.push_back(indexType);

  func::FuncOp fn = clonePart(part, extra, results);
  Value buffer = extra.empty() ? Value() : fn.getArguments().back();
  Value counter = rewriteParams(fn, use, buffer);
  replaceReturns(fn, [&](OpBuilder &rb) -> SmallVector<Value> {
    if (use != ParamUse::Count)
      return {};
    return {memref::LoadOp::create(rb, loc, counter)};
  });
  if (failed(removeQuantumOps(fn, qnode)))
    return failure();
  return fn;
}

FailureOr<func::FuncOp> QNodeSplitter::getQuantumPart() {
  if (func::FuncOp existing = lookup("quantum"))
    return existing;
  Type params = MemRefType::get({ShapedType::kDynamic},
                                Float64Type::get(module.getContext()));
  func::FuncOp fn =
      clonePart("quantum", params, qnode.getFunctionType().getResults());
  rewriteParams(fn, ParamUse::Load, fn.getArguments().back());
  return fn;
}

/// The aligned pointer of an identity-layout memref, as an LLVM pointer.
static Value getBufferPointer(OpBuilder &b, Location loc, Value buffer) {
  Value index = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buffer);
  Value address = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), address);
}

FailureOr<func::FuncOp> QNodeSplitter::getAdjointPart() {
  if (func::FuncOp existing = lookup("adjoint"))
    return existing;
  MLIRContext *context = module.getContext();
  OpBuilder b(context);
  Type f64 = b.getF64Type();
  Type i64 = b.getI64Type();
  Type params = MemRefType::get({ShapedType::kDynamic}, f64);
  Type jacobian =
      MemRefType::get({ShapedType::kDynamic, ShapedType::kDynamic}, f64);

  // The runtime's tape: the context, start after each allocation (which
  // clears it), stop and sweep once the measured state is final.
  auto declare = [&](quantum::RuntimeFunction fn) {
    return quantum::declareRuntimeFunction(module, fn, &symbols);
  };
  func::FuncOp getContext = declare(quantum::RuntimeFunction::DefaultContext);
  func::FuncOp tapeStart = declare(quantum::RuntimeFunction::TapeStart);
  func::FuncOp tapeStop = declare(quantum::RuntimeFunction::TapeStop);
  func::FuncOp adjointJacobian =
      declare(quantum::RuntimeFunction::AdjointJacobian);

  func::FuncOp fn = clonePart("adjoint", {params, jacobian},
                              qnode.getFunctionType().getResults());
  Value paramBuffer = fn.getArgument(fn.getNumArguments() - 2);
  Value jacobianBuffer = fn.getArguments().back();
  rewriteParams(fn, ParamUse::Load, paramBuffer);

  b.setInsertionPointToStart(&fn.front());
  Value runtime =
      func::CallOp::create(b, loc, getContext, ValueRange{}).getResult(0);
  fn.walk([&](quantum::AllocOp alloc) {
    OpBuilder after(alloc);
    after.setInsertionPointAfter(alloc);
    func::CallOp::create(after, alloc.getLoc(), tapeStart, ValueRange{runtime});
  });

  auto returnOp = cast<func::ReturnOp>(fn.front().getTerminator());
  SmallVector<quantum::ExpvalOp> expvals;
  for (Value result : returnOp.getOperands()) {
    // JAX's scalars are 0-d tensors: Catalyst returns an expectation value
    // as tensor.from_elements of it.
    if (auto wrap = result.getDefiningOp<tensor::FromElementsOp>();
        wrap && wrap.getType().getRank() == 0)
      result = wrap.getElements().front();
    auto expval = result.getDefiningOp<quantum::ExpvalOp>();
    if (!expval || expval->getBlock() != &fn.front()) {
      qnode.emitError() << "the adjoint method needs every result of qnode @"
                        << qnode.getSymName()
                        << " to be a quantum.expval in the qnode's body";
      fn.erase();
      return failure();
    }
    expvals.push_back(expval);
  }
  // Sweep before the register is released, after the last measurement.
  Operation *sweepPoint = returnOp;
  for (Operation &op : fn.front())
    if (isa<quantum::DeallocOp>(op)) {
      sweepPoint = &op;
      break;
    }
  for (quantum::ExpvalOp expval : expvals)
    if (!expval->isBeforeInBlock(sweepPoint)) {
      expval.emitError("the adjoint method needs expectation values "
                       "measured before the register is deallocated");
      fn.erase();
      return failure();
    }

  b.setInsertionPoint(sweepPoint);
  func::CallOp::create(b, loc, tapeStop, ValueRange{runtime});
  Value handles = memref::AllocaOp::create(
      b, loc, MemRefType::get({static_cast<int64_t>(expvals.size())}, i64));
  for (auto [index, expval] : llvm::enumerate(expvals)) {
    // The observable's runtime handle: the quantum-to-LLVM conversion maps
    // !quantum.obs to i64, and this cast then folds away.
    Value handle =
        UnrealizedConversionCastOp::create(b, loc, i64, expval.getObs())
            .getResult(0);
    memref::StoreOp::create(b, loc, handle, handles,
                            ValueRange{indexConstant(b, loc, index)});
  }
  Value numObs = arith::ConstantOp::create(
      b, loc, b.getI64IntegerAttr(static_cast<int64_t>(expvals.size())));
  Value numParams = arith::IndexCastOp::create(
      b, loc, i64, memref::DimOp::create(b, loc, paramBuffer, 0));
  func::CallOp::create(
      b, loc, adjointJacobian,
      ValueRange{runtime, getBufferPointer(b, loc, handles), numObs,
                 getBufferPointer(b, loc, jacobianBuffer), numParams});
  return fn;
}

FailureOr<func::FuncOp> QNodeSplitter::getEvaluate() {
  if (func::FuncOp existing = lookup("evaluate"))
    return existing;
  auto method = quantum::getDiffMethod(qnode);
  if (failed(method))
    return failure();
  quantum::QNodeDiffMethod resolved =
      quantum::resolveDiffMethod(qnode, *method);
  bool adjoint = resolved == quantum::QNodeDiffMethod::Adjoint;
  bool finiteDifference = resolved == quantum::QNodeDiffMethod::FiniteDiff;

  auto quantumPart = getQuantumPart();
  if (failed(quantumPart))
    return failure();
  FailureOr<func::FuncOp> kinds = func::FuncOp();
  FailureOr<func::FuncOp> adjointPart = func::FuncOp();
  if (adjoint)
    adjointPart = getAdjointPart();
  else
    kinds = getClassicalPart("kinds", ParamUse::StoreKind);
  if (failed(kinds) || failed(adjointPart))
    return failure();

  MLIRContext *context = module.getContext();
  OpBuilder b(context);
  Type f64 = b.getF64Type();
  auto vector = MemRefType::get({ShapedType::kDynamic}, f64);
  auto matrix =
      MemRefType::get({ShapedType::kDynamic, ShapedType::kDynamic}, f64);
  TypeRange resultTypes = qnode.getFunctionType().getResults();
  for (Type type : resultTypes) {
    auto shaped = dyn_cast<ShapedType>(type);
    if ((shaped && !shaped.hasStaticShape()) ||
        getElementTypeOrSelf(type) != f64) {
      qnode.emitError() << "differentiating qnode @" << qnode.getSymName()
                        << " needs f64 results of static shape, found " << type;
      return failure();
    }
  }

  // (args..., params, params0_out, value_out..., jacobian_out...)
  SmallVector<Type> inputs(qnode.getArgumentTypes());
  inputs.push_back(vector);
  inputs.push_back(vector);
  for (Type type : resultTypes)
    inputs.push_back(getValueBufferType(type));
  for (size_t k = 0; k < resultTypes.size(); ++k)
    inputs.push_back(matrix);
  b.setInsertionPointAfter(qnode);
  auto fn = func::FuncOp::create(b, loc, partName("evaluate"),
                                 b.getFunctionType(inputs, {}));
  fn.setPrivate();
  // The AD engine treats calls of this function as constant; it must stay a
  // call for that, so LLVM may not inline it before AD.
  fn->setAttr(kInactiveAttrName, b.getUnitAttr());
  fn->setAttr("passthrough", b.getArrayAttr({b.getStringAttr("noinline")}));
  symbols.insert(fn);

  Block *entry = fn.addEntryBlock();
  b.setInsertionPointToStart(entry);
  unsigned numArgs = qnode.getNumArguments();
  unsigned numResults = resultTypes.size();
  ValueRange args = entry->getArguments().take_front(numArgs);
  Value params = entry->getArgument(numArgs);
  Value params0 = entry->getArgument(numArgs + 1);
  ValueRange values = entry->getArguments().slice(numArgs + 2, numResults);
  ValueRange jacobians = entry->getArguments().take_back(numResults);

  memref::CopyOp::create(b, loc, params, params0);
  Value numParams = memref::DimOp::create(b, loc, params, 0);
  auto callWith = [&](OpBuilder &cb, func::FuncOp callee,
                      ValueRange extra) -> ValueRange {
    SmallVector<Value> operands(args);
    operands.append(extra.begin(), extra.end());
    return func::CallOp::create(cb, loc, callee, operands).getResults();
  };

  if (adjoint) {
    Value combined = memref::AllocOp::create(
        b, loc, matrix,
        ValueRange{indexConstant(b, loc, numResults), numParams});
    ValueRange results = callWith(b, *adjointPart, {params, combined});
    for (auto [k, result] : llvm::enumerate(results)) {
      storeValue(b, loc, result, values[k]);
      Value row = indexConstant(b, loc, k);
      buildLoop(b, loc, numParams, [&](OpBuilder &lb, Location l, Value j) {
        Value d = memref::LoadOp::create(lb, l, combined, ValueRange{row, j});
        memref::StoreOp::create(lb, l, d, jacobians[k],
                                ValueRange{indexConstant(lb, l, 0), j});
      });
    }
    func::ReturnOp::create(b, loc);
    return fn;
  }

  ValueRange results = callWith(b, *quantumPart, {params});
  for (auto [k, result] : llvm::enumerate(results))
    storeValue(b, loc, result, values[k]);

  Value kindCodes = memref::AllocOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI64Type()),
      ValueRange{numParams});
  callWith(b, *kinds, {kindCodes});
  func::FuncOp columns = getShiftColumns(*quantumPart, finiteDifference);
  SmallVector<Value> operands(args);
  operands.append({params, kindCodes});
  llvm::append_range(operands, jacobians);
  operands.push_back(numParams);
  func::CallOp::create(b, loc, columns, operands);
  func::ReturnOp::create(b, loc);
  return fn;
}

// Q.evaluate.column(args, params, kinds, jacobians..., j) writes column j of
// every Jacobian: the 2 (or 4) shifted evaluations of the quantum part and
// their combination, in the order of the rule. Columns touch disjoint
// memory, so Q.evaluate.columns(args, params, kinds, jacobians..., n),
// which calls it for j = 0 .. n - 1, may run them in any order and on any
// thread with the same result: it carries kParallelForAttrName naming its
// column, and the LLVM lowering (convert-parallel-for-to-runtime) turns its
// loop into qgrad_rt_parallel_for over an outlined body; it also names the
// Jacobians as the columns' outputs (kParallelForColumnsAttrName), so that
// with MPI the columns can be computed on different ranks. The evaluations
// are deterministic: both methods refuse mid-circuit measurements (whose
// draws would depend on the context, hence on the thread).
func::FuncOp QNodeSplitter::getShiftColumns(func::FuncOp quantumPart,
                                            bool finiteDifference) {
  if (func::FuncOp existing = lookup("evaluate.columns"))
    return existing;
  MLIRContext *context = module.getContext();
  OpBuilder b(context);
  Type f64 = b.getF64Type();
  auto vector = MemRefType::get({ShapedType::kDynamic}, f64);
  auto matrix =
      MemRefType::get({ShapedType::kDynamic, ShapedType::kDynamic}, f64);
  unsigned numArgs = qnode.getNumArguments();
  size_t numResults = qnode.getNumResults();
  SmallVector<Type> inputs(qnode.getArgumentTypes());
  inputs.push_back(vector);
  inputs.push_back(MemRefType::get({ShapedType::kDynamic}, b.getI64Type()));
  inputs.append(numResults, matrix);
  inputs.push_back(b.getIndexType());
  auto createPart = [&](StringRef part) {
    b.setInsertionPointAfter(qnode);
    auto fn = func::FuncOp::create(b, loc, partName(part),
                                   b.getFunctionType(inputs, {}));
    fn.setPrivate();
    symbols.insert(fn);
    Block *entry = fn.addEntryBlock();
    b.setInsertionPointToStart(entry);
    return fn;
  };

  func::FuncOp column = createPart("evaluate.column");
  ValueRange args = column.getArguments().take_front(numArgs);
  Value params = column.getArgument(numArgs);
  Value kindCodes = column.getArgument(numArgs + 1);
  ValueRange jacobians = column.getArguments().slice(numArgs + 2, numResults);
  Value j = column.getArguments().back();
  Value numParams = memref::DimOp::create(b, loc, params, 0);
  Value shifted =
      memref::AllocOp::create(b, loc, vector, ValueRange{numParams});
  memref::CopyOp::create(b, loc, params, shifted);
  SmallVector<Value> plus, minus;
  allocPlusMinus(b, loc, qnode.getFunctionType().getResults(), plus, minus);
  Value angle = memref::LoadOp::create(b, loc, params, j);
  Value kind = memref::LoadOp::create(b, loc, kindCodes, j);
  // Evaluates the circuit at angle +- shift into plus/minus, then adds
  // scale * (plus - minus) into column j of every Jacobian.
  auto addShiftedDifference = [&](OpBuilder &sb, double shift, double scale,
                                  bool accumulate) {
    evaluateBothSigns(
        sb, shift, plus, minus,
        [&](OpBuilder &eb, double offset, ArrayRef<Value> outs) {
          Value at = arith::AddFOp::create(eb, loc, angle,
                                           f64Constant(eb, loc, offset));
          memref::StoreOp::create(eb, loc, at, shifted, j);
          SmallVector<Value> operands(args);
          operands.push_back(shifted);
          ValueRange evaluated =
              func::CallOp::create(eb, loc, quantumPart, operands).getResults();
          for (auto [k, value] : llvm::enumerate(evaluated))
            storeValue(eb, loc, value, outs[k]);
        });
    memref::StoreOp::create(sb, loc, angle, shifted, j);
    for (size_t k = 0; k < numResults; ++k)
      emitScaledDifferences(
          sb, loc, plus[k], minus[k], scale,
          [&](OpBuilder &eb, Location el, Value e, Value term) {
            if (accumulate) {
              Value old = memref::LoadOp::create(eb, el, jacobians[k],
                                                 ValueRange{e, j});
              term = arith::AddFOp::create(eb, el, old, term);
            }
            memref::StoreOp::create(eb, el, term, jacobians[k],
                                    ValueRange{e, j});
          });
  };
  emitDerivativeRule(
      b, loc, kind, finiteDifference,
      [&](OpBuilder &sb, double shift, double scale, bool first) {
        addShiftedDifference(sb, shift, scale, !first);
      });
  func::ReturnOp::create(b, loc);

  func::FuncOp columns = createPart("evaluate.columns");
  Value count = columns.getArguments().back();
  buildLoop(b, loc, count, [&](OpBuilder &lb, Location l, Value index) {
    SmallVector<Value> operands(columns.getArguments().drop_back());
    operands.push_back(index);
    func::CallOp::create(lb, l, column, operands);
  });
  func::ReturnOp::create(b, loc);
  columns->setAttr(quantum::kParallelForAttrName,
                   FlatSymbolRefAttr::get(column));
  columns->setAttr(quantum::kParallelForColumnsAttrName,
                   b.getI64IntegerAttr(static_cast<int64_t>(numResults)));
  return columns;
}

QNodeSplitter::Evaluation
QNodeSplitter::evaluateAt(OpBuilder &b, func::FuncOp evaluate, ValueRange args,
                          Value params, Value numParams) {
  Type f64 = b.getF64Type();
  auto matrix =
      MemRefType::get({ShapedType::kDynamic, ShapedType::kDynamic}, f64);
  Evaluation at;
  at.params0 = memref::AllocOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, f64), numParams);
  SmallVector<Value> operands(args);
  operands.push_back(params);
  operands.push_back(at.params0);
  for (Type type : qnode.getFunctionType().getResults()) {
    at.values.push_back(
        memref::AllocOp::create(b, loc, getValueBufferType(type)));
    int64_t rows = 1;
    if (auto shaped = dyn_cast<ShapedType>(type))
      rows = shaped.getNumElements();
    at.jacobians.push_back(memref::AllocOp::create(
        b, loc, matrix, ValueRange{indexConstant(b, loc, rows), numParams}));
  }
  llvm::append_range(operands, at.values);
  llvm::append_range(operands, at.jacobians);
  func::CallOp::create(b, loc, evaluate, operands);
  return at;
}

void QNodeSplitter::writeLinearised(OpBuilder &b, const Evaluation &at,
                                    Value params, Value numParams,
                                    ArrayRef<Value> slopes, ValueRange outs) {
  for (auto [k, out] : llvm::enumerate(outs)) {
    LinearView valueView(b, loc, at.values[k]), outView(b, loc, out);
    Value slope = slopes[k];
    buildLoop(b, loc, getNumElements(b, loc, out),
              [&](OpBuilder &lb, Location l, Value e) {
                Value correction = buildSum(
                    lb, l, numParams, [&](OpBuilder &sb, Location sl, Value j) {
                      Value delta = arith::SubFOp::create(
                          sb, sl, memref::LoadOp::create(sb, sl, params, j),
                          memref::LoadOp::create(sb, sl, at.params0, j));
                      Value factor = memref::LoadOp::create(sb, sl, slope,
                                                            ValueRange{e, j});
                      return arith::MulFOp::create(sb, sl, factor, delta);
                    });
                outView.store(lb, l,
                              arith::AddFOp::create(
                                  lb, l, valueView.load(lb, l, e), correction),
                              e);
              });
  }
}

func::FuncOp QNodeSplitter::createInlinedPart(StringRef part,
                                              FunctionType type) {
  OpBuilder b(module.getContext());
  b.setInsertionPointAfter(qnode);
  auto fn = func::FuncOp::create(b, loc, partName(part), type);
  fn.setPrivate();
  // Inlined before AD: a tensor result leaves a call as a memref descriptor
  // returned by value, and the engine gives the pointers inside a returned
  // struct no shadow, so the derivative through them was silently dropped.
  fn->setAttr("passthrough", b.getArrayAttr({b.getStringAttr("alwaysinline")}));
  symbols.insert(fn);
  fn.addEntryBlock();
  return fn;
}

// value + J (params - params0): params0 is the constant copy Q.evaluate
// made, so the difference is exactly zero and the value exact, while its
// derivative with respect to params is the slope.
FailureOr<func::FuncOp>
QNodeSplitter::buildLinearisation(StringRef part, SlopeBuilder buildSlopes) {
  if (func::FuncOp existing = lookup(part))
    return existing;
  auto pcount = getClassicalPart("pcount", ParamUse::Count);
  if (failed(pcount))
    return failure();
  auto argmap = getClassicalPart("argmap", ParamUse::Store);
  if (failed(argmap))
    return failure();
  auto evaluate = getEvaluate();
  if (failed(evaluate))
    return failure();

  OpBuilder b(module.getContext());
  Type f64 = b.getF64Type();
  auto vector = MemRefType::get({ShapedType::kDynamic}, f64);
  TypeRange resultTypes = qnode.getFunctionType().getResults();
  func::FuncOp fn = createInlinedPart(part, qnode.getFunctionType());
  Block *entry = &fn.front();
  b.setInsertionPointToStart(entry);
  ValueRange args = entry->getArguments();

  Value numParams = func::CallOp::create(b, loc, *pcount, args).getResult(0);
  Value params = memref::AllocOp::create(b, loc, vector, numParams);
  SmallVector<Value> operands(args);
  operands.push_back(params);
  func::CallOp::create(b, loc, *argmap, operands);
  Evaluation at = evaluateAt(b, *evaluate, args, params, numParams);
  SmallVector<Value> slopes =
      buildSlopes(b, args, params, numParams, at.jacobians);
  SmallVector<Value> outs, results;
  for (Type type : resultTypes)
    outs.push_back(memref::AllocOp::create(b, loc, getValueBufferType(type)));
  writeLinearised(b, at, params, numParams, slopes, outs);
  for (auto [type, out] : llvm::zip(resultTypes, outs))
    results.push_back(loadValue(b, loc, type, out));
  func::ReturnOp::create(b, loc, results);
  return fn;
}

FailureOr<func::FuncOp> QNodeSplitter::getSurrogate() {
  return buildLinearisation("surrogate", [](OpBuilder &, ValueRange, Value,
                                            Value, ArrayRef<Value> jacobians) {
    return SmallVector<Value>(jacobians);
  });
}

// Q.linearised(args, params): the first-order surrogate as a function of
// the gate parameters themselves, value(params) + J(params) (p - p0), so
// that the second-order surrogate can evaluate it at shifted parameters.
FailureOr<func::FuncOp> QNodeSplitter::getLinearised() {
  if (func::FuncOp existing = lookup("linearised"))
    return existing;
  auto evaluate = getEvaluate();
  if (failed(evaluate))
    return failure();
  OpBuilder b(module.getContext());
  Type f64 = b.getF64Type();
  auto vector = MemRefType::get({ShapedType::kDynamic}, f64);
  TypeRange resultTypes = qnode.getFunctionType().getResults();
  SmallVector<Type> inputs(qnode.getArgumentTypes());
  inputs.push_back(vector);
  SmallVector<Type> outputs;
  for (Type type : resultTypes)
    inputs.push_back(getValueBufferType(type));
  func::FuncOp fn =
      createInlinedPart("linearised", b.getFunctionType(inputs, outputs));
  Block *entry = &fn.front();
  b.setInsertionPointToStart(entry);
  unsigned numArgs = qnode.getNumArguments();
  ValueRange args = entry->getArguments().take_front(numArgs);
  Value params = entry->getArgument(numArgs);
  ValueRange outs = entry->getArguments().drop_front(numArgs + 1);
  Value numParams = memref::DimOp::create(b, loc, params, 0);
  Evaluation at = evaluateAt(b, *evaluate, args, params, numParams);
  writeLinearised(b, at, params, numParams, at.jacobians, outs);
  func::ReturnOp::create(b, loc);
  return fn;
}

// The second-order surrogate: value + 1/2 (J0 + Ja(params)) (params -
// params0), where J0 is Q.evaluate's constant Jacobian and Ja the
// parameter-shift Jacobian of Q.linearised at shifted parameters, an active
// function of params. At params = params0 its value is the qnode's, its
// gradient (J0 + Ja) / 2 = J, and its Hessian (dJa + dJa^T) / 2: the
// parameter-shift rule applied twice (the 1/2 undoes the second dJa that
// the product rule takes through the zero-valued params - params0).
FailureOr<func::FuncOp> QNodeSplitter::getSecondOrderSurrogate() {
  auto method = quantum::getDiffMethod(qnode);
  if (failed(method))
    return failure();
  // Nested central differences lose half the digits (rounding grows as
  // eps / step^2): refused rather than returned inexact.
  if (*method == quantum::QNodeDiffMethod::FiniteDiff)
    return qnode.emitError()
           << "second derivatives of qnode @" << qnode.getSymName()
           << " with diff_method \"finite-diff\" are not supported; use "
              "\"parameter-shift\"";
  auto linearisedPart = getLinearised();
  if (failed(linearisedPart))
    return failure();
  auto kinds = getClassicalPart("kinds", ParamUse::StoreKind);
  if (failed(kinds))
    return failure();
  TypeRange resultTypes = qnode.getFunctionType().getResults();
  return buildLinearisation("surrogate2", [&](OpBuilder &b, ValueRange args,
                                              Value params, Value numParams,
                                              ArrayRef<Value> jacobians) {
    Type f64 = b.getF64Type();
    auto vector = MemRefType::get({ShapedType::kDynamic}, f64);
    auto matrix =
        MemRefType::get({ShapedType::kDynamic, ShapedType::kDynamic}, f64);
    Value kindCodes = memref::AllocOp::create(
        b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI64Type()),
        ValueRange{numParams});
    SmallVector<Value> kindOperands(args);
    kindOperands.push_back(kindCodes);
    func::CallOp::create(b, loc, *kinds, kindOperands);
    SmallVector<Value> slopes, plus, minus;
    for (Value jacobian : jacobians) {
      Value rows = memref::DimOp::create(b, loc, jacobian, 0);
      slopes.push_back(
          memref::AllocOp::create(b, loc, matrix, ValueRange{rows, numParams}));
    }
    allocPlusMinus(b, loc, resultTypes, plus, minus);
    Value shifted = memref::AllocOp::create(b, loc, vector, numParams);
    buildLoop(b, loc, numParams, [&](OpBuilder &lb, Location l, Value j) {
      Value kind = memref::LoadOp::create(lb, l, kindCodes, j);
      // slope[:, j] = 1/2 (J0[:, j] + sum of scale * (L(+) - L(-))).
      auto addShifted = [&](OpBuilder &sb, double shift, double scale,
                            bool first) {
        evaluateBothSigns(
            sb, shift, plus, minus,
            [&](OpBuilder &eb, double offset, ArrayRef<Value> outs) {
              buildLoop(eb, l, numParams,
                        [&](OpBuilder &cb, Location cl, Value i) {
                          memref::StoreOp::create(
                              cb, cl, memref::LoadOp::create(cb, cl, params, i),
                              shifted, i);
                        });
              Value at = arith::AddFOp::create(
                  eb, l, memref::LoadOp::create(eb, l, params, j),
                  f64Constant(eb, l, offset));
              memref::StoreOp::create(eb, l, at, shifted, j);
              SmallVector<Value> operands(args);
              operands.push_back(shifted);
              llvm::append_range(operands, outs);
              func::CallOp::create(eb, l, *linearisedPart, operands);
            });
        for (size_t k = 0; k < plus.size(); ++k)
          emitScaledDifferences(
              sb, l, plus[k], minus[k], 0.5 * scale,
              [&](OpBuilder &eb, Location el, Value e, Value term) {
                Value base =
                    first ? arith::MulFOp::create(
                                eb, el,
                                memref::LoadOp::create(eb, el, jacobians[k],
                                                       ValueRange{e, j}),
                                f64Constant(eb, el, 0.5))
                          : memref::LoadOp::create(eb, el, slopes[k],
                                                   ValueRange{e, j})
                                .getResult();
                memref::StoreOp::create(
                    eb, el, arith::AddFOp::create(eb, el, base, term),
                    slopes[k], ValueRange{e, j});
              });
      };
      emitShiftRule(lb, l, kind, addShifted);
    });
    return slopes;
  });
}

} // namespace

FailureOr<func::FuncOp> qgrad::gradient::detail::getOrCreateQNodeSurrogate(
    ModuleOp module, func::FuncOp qnode, unsigned order) {
  QNodeSplitter splitter(module, qnode);
  return order >= 2 ? splitter.getSecondOrderSurrogate()
                    : splitter.getSurrogate();
}
