//===- RuntimeChecks.cpp - Checks of buffer shapes at run time ------------===//

#include "RuntimeChecks.h"

#include "ModuleSymbols.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace qgrad::gradient_to_llvm {

namespace {

constexpr llvm::StringLiteral kFailureHandler = "qgrad.runtime_check_failed";
constexpr llvm::StringLiteral kMessageName = "qgrad.runtime_check_message";
constexpr int kStderr = 2;
constexpr int kExitStatus = 1;

/// The C function `name` of `type`, declared at the top of the module when
/// missing.
FailureOr<LLVM::LLVMFuncOp> getOrDeclare(Operation *user, SymbolTable &symbols,
                                         StringRef name,
                                         LLVM::LLVMFunctionType type) {
  Operation *existing = symbols.lookup(name);
  auto function = dyn_cast_or_null<LLVM::LLVMFuncOp>(existing);
  if (function && function.getFunctionType() == type)
    return function;
  if (existing)
    return user->emitOpError("cannot declare '@")
           << name << "' as " << type
           << " for a run-time check: the name is taken by a '"
           << existing->getName() << "'";
  return createAtModuleStart<LLVM::LLVMFuncOp>(
      symbols, symbols.getOp()->getLoc(), name, type);
}

/// void qgrad.runtime_check_failed(ptr message, i64 length):
/// write(2, message, length); exit(1).
FailureOr<LLVM::LLVMFuncOp> getFailureHandler(Operation *user,
                                              SymbolTable &symbols) {
  if (auto handler = symbols.lookup<LLVM::LLVMFuncOp>(kFailureHandler))
    return handler;
  MLIRContext *context = user->getContext();
  OpBuilder builder(context);
  auto ptr = LLVM::LLVMPointerType::get(context);
  Type i32 = builder.getI32Type(), i64 = builder.getI64Type();
  Type voidType = LLVM::LLVMVoidType::get(context);
  FailureOr<LLVM::LLVMFuncOp> write =
      getOrDeclare(user, symbols, "write",
                   LLVM::LLVMFunctionType::get(i64, {i32, ptr, i64}));
  FailureOr<LLVM::LLVMFuncOp> exit = getOrDeclare(
      user, symbols, "exit", LLVM::LLVMFunctionType::get(voidType, {i32}));
  if (failed(write) || failed(exit))
    return failure();

  Location loc = symbols.getOp()->getLoc();
  auto handler = createAtModuleStart<LLVM::LLVMFuncOp>(
      symbols, loc, kFailureHandler,
      LLVM::LLVMFunctionType::get(voidType, {ptr, i64}),
      LLVM::Linkage::Internal);
  Block *body = handler.addEntryBlock(builder);
  builder.setInsertionPointToStart(body);
  Value fd = LLVM::ConstantOp::create(builder, loc, i32, kStderr);
  LLVM::CallOp::create(
      builder, loc, *write,
      ValueRange{fd, body->getArgument(0), body->getArgument(1)});
  Value status = LLVM::ConstantOp::create(builder, loc, i32, kExitStatus);
  LLVM::CallOp::create(builder, loc, *exit, ValueRange{status});
  LLVM::UnreachableOp::create(builder, loc);
  return handler;
}

std::string locationText(Operation *op) {
  if (auto fileLoc = op->getLoc()->findInstanceOf<FileLineColLoc>())
    return llvm::formatv("{0}:{1}:{2}", fileLoc.getFilename().getValue(),
                         fileLoc.getLine(), fileLoc.getColumn());
  return op->getName().getStringRef().str();
}

} // namespace

LogicalResult emitEqualityCheck(OpBuilder &builder, Operation *op,
                                SymbolTable &symbols, Value lhs, Value rhs,
                                const Twine &message) {
  FailureOr<LLVM::LLVMFuncOp> handler = getFailureHandler(op, symbols);
  if (failed(handler))
    return failure();
  Location loc = op->getLoc();
  std::string text =
      llvm::formatv("error: {0}: {1}\n", locationText(op), message.str());
  // One global per check, its name made unique by the symbol table.
  auto textGlobal = createAtModuleStart<LLVM::GlobalOp>(
      symbols, loc, LLVM::LLVMArrayType::get(builder.getI8Type(), text.size()),
      /*isConstant=*/true, LLVM::Linkage::Internal, kMessageName,
      builder.getStringAttr(text));

  Value differ =
      LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ne, lhs, rhs);
  auto ifOp = scf::IfOp::create(builder, loc, differ, /*withElse=*/false);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(ifOp.thenBlock());
  Value textAddress = LLVM::AddressOfOp::create(builder, loc, textGlobal);
  Value length =
      LLVM::ConstantOp::create(builder, loc, builder.getI64Type(), text.size());
  LLVM::CallOp::create(builder, loc, *handler, ValueRange{textAddress, length});
  return success();
}

} // namespace qgrad::gradient_to_llvm
