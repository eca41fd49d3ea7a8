//===- RandomProgram.cpp - Differentiable LLVM IR from fuzzer bytes -------===//
//
// Every value in a builder's pool depends on the inputs (constants appear
// only as operands), so each statement extends the active part of the
// program. Regions (loop bodies, branch arms) see the values defined before
// them; what they define stays inside, except the values their merge points
// (phis, the loop's exit value) carry out, so the IR is valid by
// construction. Sizes are bounded (statements, nesting, helpers, trip
// counts) so that every program compiles and runs in milliseconds.
//
//===----------------------------------------------------------------------===//

#include "RandomProgram.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"

#include <functional>
#include <string>
#include <vector>

using namespace llvm;

namespace qgrad::fuzz {
namespace {

constexpr unsigned kMaxStatements = 24;
constexpr unsigned kMaxNesting = 2;
constexpr unsigned kMaxHelpers = 3;
constexpr unsigned kMaxExpressionDepth = 3;

/// What one function's body is built from: the bytes, the pool of active
/// values in scope and the remaining statement budget (shared with the
/// helpers it creates).
class BodyBuilder {
public:
  BodyBuilder(FuzzedDataProvider &data, Module &module, IRBuilder<> &builder,
              unsigned &statementBudget, unsigned &helperBudget,
              bool &callsUnknown, bool mayCallUnknown)
      : data(data), module(module), builder(builder),
        statementBudget(statementBudget), helperBudget(helperBudget),
        callsUnknown(callsUnknown), mayCallUnknown(mayCallUnknown) {}

  void addActive(Value *value) { pool.push_back(value); }

  void statements(unsigned count, unsigned nesting) {
    for (unsigned i = 0; i < count && statementBudget > 0; ++i) {
      --statementBudget;
      statement(nesting);
    }
  }

  /// The function's result: a weighted sum of every value in scope, so that
  /// no statement is dead; an unknown call's value is added unweighted.
  Value *result() {
    Value *sum = pool.back();
    for (size_t i = 0; i + 1 < pool.size(); ++i)
      sum = builder.CreateFAdd(sum, builder.CreateFMul(pool[i], constant()));
    for (Value *value : mustReachResult)
      sum = builder.CreateFAdd(sum, value);
    return sum;
  }

private:
  Type *doubleType() { return builder.getDoubleTy(); }
  Value *constant() {
    // A few significant digits, as a generated C program would have.
    return ConstantFP::get(doubleType(),
                           data.ConsumeIntegralInRange<int>(-200, 200) / 100.0);
  }
  Value *pick() {
    return pool[data.ConsumeIntegralInRange<size_t>(0, pool.size() - 1)];
  }

  Value *callLibm(StringRef name, ArrayRef<Value *> args) {
    SmallVector<Type *> types(args.size(), doubleType());
    FunctionCallee callee = module.getOrInsertFunction(
        name, FunctionType::get(doubleType(), types, false));
    return builder.CreateCall(callee, args);
  }
  Value *callIntrinsic(Intrinsic::ID id, ArrayRef<Value *> args) {
    return builder.CreateIntrinsic(id, {doubleType()}, args);
  }
  /// 1.5 + 0.5 sin(v): a divisor or base bounded away from zero.
  Value *positive(Value *value) {
    return builder.CreateFAdd(
        ConstantFP::get(doubleType(), 1.5),
        builder.CreateFMul(ConstantFP::get(doubleType(), 0.5),
                           callLibm("sin", {value})));
  }

  Value *unary(Value *v) {
    IRBuilder<> &b = builder;
    auto scaled = [&](double factor) {
      return b.CreateFMul(ConstantFP::get(doubleType(), factor), v);
    };
    auto onePlusSquare = [&] {
      return b.CreateFAdd(ConstantFP::get(doubleType(), 1.0),
                          b.CreateFMul(v, v));
    };
    switch (data.ConsumeIntegralInRange<int>(0, 17)) {
    case 0: return callLibm("sin", {v});
    case 1: return callLibm("cos", {v});
    case 2: return callLibm("tanh", {v});
    case 3: return callLibm("exp", {scaled(0.3)});
    case 4: return callLibm("log", {onePlusSquare()});
    case 5: return callLibm("sqrt", {onePlusSquare()});
    case 6: return callLibm("atan", {v});
    case 7: return callLibm("pow", {positive(v), constant()});
    case 8: return callLibm("expm1", {scaled(0.2)});
    case 9: return callLibm("erf", {v});
    case 10: return callLibm("hypot", {v, ConstantFP::get(doubleType(), 0.7)});
    case 11: return callLibm("cbrt", {b.CreateFAdd(positive(v), positive(v))});
    case 12: return callIntrinsic(Intrinsic::sin, {v});
    case 13: return callIntrinsic(Intrinsic::exp, {scaled(0.25)});
    case 14: return callIntrinsic(Intrinsic::fabs, {v});
    case 15: return callIntrinsic(Intrinsic::sqrt, {onePlusSquare()});
    case 16: return b.CreateFNeg(v);
    default: return b.CreateFMul(v, constant());
    }
  }

  Value *binary(Value *l, Value *r) {
    IRBuilder<> &b = builder;
    switch (data.ConsumeIntegralInRange<int>(0, 9)) {
    case 0: return b.CreateFAdd(l, r);
    case 1: return b.CreateFSub(l, r);
    case 2: return b.CreateFMul(l, r);
    case 3: return b.CreateFDiv(l, positive(r));
    case 4: return callIntrinsic(Intrinsic::maxnum, {l, r});
    case 5: return callIntrinsic(Intrinsic::minnum, {l, r});
    case 6: return callIntrinsic(Intrinsic::fmuladd, {l, constant(), r});
    case 7: return callLibm("atan2", {l, positive(r)});
    case 8:
      return b.CreateSelect(b.CreateFCmpOLT(l, r), l,
                            b.CreateFMul(r, constant()));
    default: return b.CreateFAdd(b.CreateFMul(l, constant()), r);
    }
  }

  Value *expression(unsigned depth) {
    if (depth == 0 || data.ConsumeIntegralInRange<int>(0, 3) == 0)
      return pick();
    if (data.ConsumeBool())
      return unary(expression(depth - 1));
    return binary(expression(depth - 1), expression(depth - 1));
  }

  /// Runs `body` in a region whose definitions do not outlive it.
  template <typename Body> void scoped(Body body) {
    size_t visible = pool.size();
    body();
    pool.resize(visible);
  }

  BasicBlock *newBlock(const Twine &name) {
    return BasicBlock::Create(builder.getContext(), name,
                              builder.GetInsertBlock()->getParent());
  }

  /// for (i = 0; i < trips; ++i) { body(i) }: the body's last block is the
  /// latch. Returns the exit block's predecessor, the latch.
  BasicBlock *countedLoop(unsigned trips,
                          const std::function<void(Value *)> &body,
                          PHINode **counterOut = nullptr) {
    IRBuilder<> &b = builder;
    BasicBlock *preheader = b.GetInsertBlock();
    BasicBlock *header = newBlock("loop");
    b.CreateBr(header);
    b.SetInsertPoint(header);
    PHINode *counter = b.CreatePHI(b.getInt64Ty(), 2, "i");
    counter->addIncoming(b.getInt64(0), preheader);
    if (counterOut)
      *counterOut = counter;
    body(counter);
    Value *next = b.CreateAdd(counter, b.getInt64(1), "", true, true);
    BasicBlock *latch = b.GetInsertBlock();
    counter->addIncoming(next, latch);
    BasicBlock *exit = newBlock("loop.exit");
    b.CreateCondBr(b.CreateICmpULT(next, b.getInt64(trips)), header, exit);
    b.SetInsertPoint(exit);
    return latch;
  }

  void accumulatingLoop(unsigned nesting) {
    IRBuilder<> &b = builder;
    BasicBlock *preheader = b.GetInsertBlock();
    Value *initial = pick();
    PHINode *accumulator = nullptr;
    Value *updated = nullptr;
    unsigned trips = data.ConsumeIntegralInRange<unsigned>(1, 6);
    BasicBlock *latch = countedLoop(trips, [&](Value *counter) {
      accumulator = b.CreatePHI(doubleType(), 2, "acc");
      accumulator->addIncoming(initial, preheader);
      scoped([&] {
        addActive(accumulator);
        addActive(b.CreateFAdd(accumulator,
                               b.CreateSIToFP(counter, doubleType())));
        statements(data.ConsumeIntegralInRange<unsigned>(0, 3), nesting + 1);
        // Damped, so a long loop cannot overflow.
        updated = b.CreateFAdd(
            b.CreateFMul(accumulator, ConstantFP::get(doubleType(), 0.7)),
            b.CreateFMul(ConstantFP::get(doubleType(), 0.3),
                         callLibm("sin", {expression(kMaxExpressionDepth)})));
      });
    });
    accumulator->addIncoming(updated, latch);
    addActive(updated);
  }

  void dataDependentLoop() {
    // while (v < bound && n < 8) v = 1.3 v + 0.2 + 0.1 sin(w): the exit
    // depends on the active value.
    IRBuilder<> &b = builder;
    BasicBlock *preheader = b.GetInsertBlock();
    Value *initial = pick();
    Value *other = pick();
    BasicBlock *header = newBlock("while");
    BasicBlock *bodyBlock = newBlock("while.body");
    BasicBlock *exit = newBlock("while.exit");
    b.CreateBr(header);
    b.SetInsertPoint(header);
    PHINode *value = b.CreatePHI(doubleType(), 2, "v");
    PHINode *count = b.CreatePHI(b.getInt32Ty(), 2, "n");
    value->addIncoming(initial, preheader);
    count->addIncoming(b.getInt32(0), preheader);
    Value *below = b.CreateFCmpOLT(value, ConstantFP::get(doubleType(), 3.0));
    Value *bounded = b.CreateICmpSLT(count, b.getInt32(8));
    b.CreateCondBr(b.CreateAnd(below, bounded), bodyBlock, exit);
    b.SetInsertPoint(bodyBlock);
    Value *next = b.CreateFAdd(
        b.CreateFMul(value, ConstantFP::get(doubleType(), 1.3)),
        b.CreateFAdd(ConstantFP::get(doubleType(), 0.2),
                     b.CreateFMul(ConstantFP::get(doubleType(), 0.1),
                                  callLibm("sin", {other}))));
    value->addIncoming(next, bodyBlock);
    count->addIncoming(b.CreateAdd(count, b.getInt32(1)), bodyBlock);
    b.CreateBr(header);
    b.SetInsertPoint(exit);
    addActive(value);
  }

  void branch(unsigned nesting) {
    IRBuilder<> &b = builder;
    Value *condition = b.CreateFCmpOLT(pick(), pick());
    BasicBlock *thenBlock = newBlock("then");
    BasicBlock *elseBlock = newBlock("else");
    BasicBlock *merge = newBlock("merge");
    b.CreateCondBr(condition, thenBlock, elseBlock);
    auto arm = [&](BasicBlock *block) {
      b.SetInsertPoint(block);
      Value *armValue = nullptr;
      scoped([&] {
        statements(data.ConsumeIntegralInRange<unsigned>(0, 2), nesting + 1);
        armValue = expression(kMaxExpressionDepth);
      });
      BasicBlock *end = b.GetInsertBlock();
      b.CreateBr(merge);
      return std::make_pair(armValue, end);
    };
    auto [thenValue, thenEnd] = arm(thenBlock);
    auto [elseValue, elseEnd] = arm(elseBlock);
    b.SetInsertPoint(merge);
    PHINode *merged = b.CreatePHI(doubleType(), 2, "merged");
    merged->addIncoming(thenValue, thenEnd);
    merged->addIncoming(elseValue, elseEnd);
    addActive(merged);
  }

  /// An array filled with active values, then a[j] = c a[j] + sin(a[j-1])
  /// in place, in a loop.
  void localArray() {
    IRBuilder<> &b = builder;
    unsigned size = data.ConsumeIntegralInRange<unsigned>(2, 5);
    Type *arrayType = ArrayType::get(doubleType(), size);
    Function *function = b.GetInsertBlock()->getParent();
    IRBuilder<> entry(&function->getEntryBlock(),
                      function->getEntryBlock().begin());
    Value *array = entry.CreateAlloca(arrayType, nullptr, "array");
    auto element = [&](Value *index) {
      return b.CreateInBoundsGEP(arrayType, array, {b.getInt64(0), index});
    };
    for (unsigned j = 0; j < size; ++j)
      b.CreateStore(expression(1), element(b.getInt64(j)));
    Value *factor = constant();
    countedLoop(size - 1, [&](Value *counter) {
      Value *index = b.CreateAdd(counter, b.getInt64(1));
      Value *slot = element(index);
      Value *previous = b.CreateLoad(doubleType(), element(counter));
      Value *current = b.CreateLoad(doubleType(), slot);
      b.CreateStore(b.CreateFAdd(b.CreateFMul(current, factor),
                                 callLibm("sin", {previous})),
                    slot);
    });
    unsigned read = data.ConsumeIntegralInRange<unsigned>(0, size - 1);
    addActive(b.CreateLoad(doubleType(), element(b.getInt64(read))));
  }

  /// malloc, fill, memcpy to a second buffer, read back, free both.
  void heapCopy() {
    IRBuilder<> &b = builder;
    unsigned size = data.ConsumeIntegralInRange<unsigned>(1, 4);
    Type *pointerType = b.getPtrTy();
    FunctionCallee mallocFn = module.getOrInsertFunction(
        "malloc", FunctionType::get(pointerType, {b.getInt64Ty()}, false));
    FunctionCallee freeFn = module.getOrInsertFunction(
        "free", FunctionType::get(b.getVoidTy(), {pointerType}, false));
    Value *bytes = b.getInt64(8 * size);
    Value *source = b.CreateCall(mallocFn, {bytes});
    Value *target = b.CreateCall(mallocFn, {bytes});
    for (unsigned j = 0; j < size; ++j)
      b.CreateStore(expression(1),
                    b.CreateConstInBoundsGEP1_64(doubleType(), source, j));
    b.CreateMemCpy(target, MaybeAlign(8), source, MaybeAlign(8), bytes);
    unsigned read = data.ConsumeIntegralInRange<unsigned>(0, size - 1);
    addActive(b.CreateLoad(
        doubleType(), b.CreateConstInBoundsGEP1_64(doubleType(), target, read)));
    b.CreateCall(freeFn, {source});
    b.CreateCall(freeFn, {target});
  }

  /// A noinline helper of two values, or one that writes its result
  /// through a pointer, with a body of its own.
  void helperCall(unsigned nesting) {
    IRBuilder<> &b = builder;
    bool throughPointer = data.ConsumeBool();
    Type *pointerType = b.getPtrTy();
    FunctionType *type =
        throughPointer
            ? FunctionType::get(b.getVoidTy(), {pointerType, doubleType()},
                                false)
            : FunctionType::get(doubleType(), {doubleType(), doubleType()},
                                false);
    Function *helper =
        Function::Create(type, GlobalValue::InternalLinkage,
                         "helper" + std::to_string(kMaxHelpers - helperBudget),
                         module);
    helper->addFnAttr(Attribute::NoInline);
    {
      IRBuilder<> helperBuilder(
          BasicBlock::Create(b.getContext(), "entry", helper));
      BodyBuilder body(data, module, helperBuilder, statementBudget,
                       helperBudget, callsUnknown, false);
      for (Argument &argument : helper->args())
        if (argument.getType()->isDoubleTy())
          body.addActive(&argument);
      body.statements(data.ConsumeIntegralInRange<unsigned>(1, 4),
                      nesting + 1);
      Value *value = body.result();
      if (throughPointer) {
        helperBuilder.CreateStore(value, helper->getArg(0));
        helperBuilder.CreateRetVoid();
      } else {
        helperBuilder.CreateRet(value);
      }
    }
    if (throughPointer) {
      Function *function = b.GetInsertBlock()->getParent();
      IRBuilder<> entry(&function->getEntryBlock(),
                        function->getEntryBlock().begin());
      Value *slot = entry.CreateAlloca(doubleType(), nullptr, "out");
      b.CreateCall(helper, {slot, pick()});
      addActive(b.CreateLoad(doubleType(), slot));
    } else {
      addActive(b.CreateCall(helper, {pick(), pick()}));
    }
  }

  void unknownCall() {
    FunctionCallee callee = module.getOrInsertFunction(
        kUnknownFunctionName,
        FunctionType::get(doubleType(), {doubleType()}, false));
    Value *value = builder.CreateCall(callee, {pick()});
    callsUnknown = true;
    mustReachResult.push_back(value);
    addActive(value);
  }

  void statement(unsigned nesting) {
    bool mayNest = nesting < kMaxNesting;
    switch (data.ConsumeIntegralInRange<int>(0, 12)) {
    case 0:
    case 1:
    case 2:
    case 3:
      addActive(expression(kMaxExpressionDepth));
      return;
    case 4:
    case 5:
      if (mayNest)
        return accumulatingLoop(nesting);
      break;
    case 6:
      return dataDependentLoop();
    case 7:
    case 8:
      if (mayNest)
        return branch(nesting);
      break;
    case 9:
      return localArray();
    case 10:
      return heapCopy();
    case 11:
      if (mayNest && helperBudget > 0) {
        --helperBudget;
        return helperCall(nesting);
      }
      break;
    default:
      // Rare: one in 13 statements, and only when the bytes ask again; at
      // the top level, so that the call's value dominates the result.
      if (mayCallUnknown && nesting == 0 &&
          data.ConsumeIntegralInRange<int>(0, 7) == 0)
        return unknownCall();
      break;
    }
    addActive(expression(kMaxExpressionDepth));
  }

  FuzzedDataProvider &data;
  Module &module;
  IRBuilder<> &builder;
  unsigned &statementBudget;
  unsigned &helperBudget;
  bool &callsUnknown;
  bool mayCallUnknown;
  std::vector<Value *> pool;
  std::vector<Value *> mustReachResult;
};

/// `name`(x, shadow) calling `entry`(f, enzyme_dup, x, shadow); the
/// gradient returns nothing, the tangent the derivative of f's result.
void buildEntryPoint(Module &module, Function *objective, StringRef name,
                     StringRef entry, Type *resultType) {
  LLVMContext &context = module.getContext();
  Type *pointerType = PointerType::getUnqual(context);
  Function *function = Function::Create(
      FunctionType::get(resultType, {pointerType, pointerType}, false),
      GlobalValue::ExternalLinkage, name, module);
  IRBuilder<> b(BasicBlock::Create(context, "entry", function));
  FunctionCallee callee = module.getOrInsertFunction(
      entry, FunctionType::get(resultType, {pointerType}, true));
  auto *marker = cast<GlobalVariable>(
      module.getOrInsertGlobal("enzyme_dup", b.getInt32Ty()));
  Value *markerValue = b.CreateLoad(b.getInt32Ty(), marker);
  Value *result = b.CreateCall(
      callee, {objective, markerValue, function->getArg(0),
               function->getArg(1)});
  if (resultType->isVoidTy())
    b.CreateRetVoid();
  else
    b.CreateRet(result);
}

} // namespace

RandomProgram buildRandomProgram(FuzzedDataProvider &data,
                                 LLVMContext &context) {
  RandomProgram program;
  program.module = std::make_unique<Module>("fuzz-ad", context);
  Module &module = *program.module;
  program.numInputs = data.ConsumeIntegralInRange<unsigned>(1, 6);

  Type *doubleType = Type::getDoubleTy(context);
  Type *pointerType = PointerType::getUnqual(context);
  Function *objective = Function::Create(
      FunctionType::get(doubleType, {pointerType}, false),
      GlobalValue::ExternalLinkage, kObjectiveName, module);
  IRBuilder<> builder(BasicBlock::Create(context, "entry", objective));
  unsigned statementBudget =
      data.ConsumeIntegralInRange<unsigned>(1, kMaxStatements);
  unsigned helperBudget = kMaxHelpers;
  BodyBuilder body(data, module, builder, statementBudget, helperBudget,
                   program.callsUnknownFunction, true);
  for (unsigned i = 0; i < program.numInputs; ++i)
    body.addActive(builder.CreateLoad(
        doubleType,
        builder.CreateConstInBoundsGEP1_64(doubleType, objective->getArg(0),
                                           i)));
  body.statements(statementBudget, 0);
  builder.CreateRet(body.result());

  buildEntryPoint(module, objective, kGradientName, "__enzyme_autodiff",
                  Type::getVoidTy(context));
  buildEntryPoint(module, objective, kTangentName, "__enzyme_fwddiff",
                  doubleType);
  return program;
}

} // namespace qgrad::fuzz
