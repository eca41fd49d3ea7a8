//===- QuantumToLLVM.h - Lowering quantum ops to runtime calls --*- C++ -*-===//

#ifndef QGRAD_CONVERSION_QUANTUMTOLLVM_QUANTUMTOLLVM_H
#define QGRAD_CONVERSION_QUANTUMTOLLVM_QUANTUMTOLLVM_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace qgrad {

#define GEN_PASS_DECL_CONVERTQUANTUMTOLLVM
#define GEN_PASS_DECL_CONVERTPARALLELFORTORUNTIME
#define GEN_PASS_REGISTRATION
#include "qgrad/Conversion/QuantumToLLVM/Passes.h.inc"

} // namespace qgrad

#endif // QGRAD_CONVERSION_QUANTUMTOLLVM_QUANTUMTOLLVM_H
