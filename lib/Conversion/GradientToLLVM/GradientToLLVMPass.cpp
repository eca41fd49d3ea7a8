//===- GradientToLLVMPass.cpp - The convert-gradient-to-llvm pass ---------===//

#include "qgrad/Conversion/GradientToLLVM/GradientToLLVM.h"

#include "BackpropLowering.h"
#include "EngineRegistrations.h"
#include "FwdpropLowering.h"

#include "mlir/Conversion/LLVMCommon/LoweringOptions.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

namespace qgrad {
#define GEN_PASS_DEF_CONVERTGRADIENTTOLLVM
#include "qgrad/Conversion/GradientToLLVM/Passes.h.inc"
} // namespace qgrad

using namespace mlir;

namespace {

struct ConvertGradientToLLVM
    : qgrad::impl::ConvertGradientToLLVMBase<ConvertGradientToLLVM> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // One table for every lookup and new symbol: a module may hold many
    // backprops, and scanning the module for each symbol is quadratic.
    SymbolTable symbols(module);
    bool ok =
        succeeded(qgrad::gradient_to_llvm::registerInactiveFunctions(symbols));

    // The same type converter settings as the func and memref lowerings
    // that run later, so descriptor layouts and the index width agree.
    LowerToLLVMOptions options(&getContext(), DataLayout(module));
    LLVMTypeConverter converter(&getContext(), options);
    SymbolTableCollection symbolTables;
    SmallVector<qgrad::gradient::BackpropOp> backprops;
    SmallVector<qgrad::gradient::FwdpropOp> fwdprops;
    module.walk(
        [&](qgrad::gradient::BackpropOp op) { backprops.push_back(op); });
    module.walk([&](qgrad::gradient::FwdpropOp op) { fwdprops.push_back(op); });
    if (!backprops.empty() || !fwdprops.empty())
      ok &= succeeded(qgrad::gradient_to_llvm::registerAllocationFunctions(
          symbols, converter.getIndexType()));
    for (qgrad::gradient::BackpropOp op : backprops)
      ok &= succeeded(qgrad::gradient_to_llvm::lowerBackprop(
          op, symbols, symbolTables, converter));
    for (qgrad::gradient::FwdpropOp op : fwdprops)
      ok &= succeeded(qgrad::gradient_to_llvm::lowerFwdprop(
          op, symbols, symbolTables, converter));
    if (!ok)
      signalPassFailure();
  }
};

} // namespace
