//===- ModuleSymbols.h - New symbols at the top of the module ---*- C++ -*-===//

#ifndef QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_MODULESYMBOLS_H
#define QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_MODULESYMBOLS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace qgrad::gradient_to_llvm {

/// Creates a symbol op at the start of the module that `symbols` describes,
/// where a reader of the IR expects declarations, and enters it in the
/// table. The table renames it if its name is taken, so a caller that needs
/// an exact name looks it up first. One table per pass run keeps lookups
/// and insertions constant-time however many backprops a module has.
template <typename OpT, typename... Args>
OpT createAtModuleStart(mlir::SymbolTable &symbols, mlir::Location loc,
                        Args &&...args) {
  mlir::Operation *module = symbols.getOp();
  mlir::OpBuilder top(module->getContext());
  top.setInsertionPointToStart(&module->getRegion(0).front());
  auto op = OpT::create(top, loc, std::forward<Args>(args)...);
  symbols.insert(op);
  return op;
}

} // namespace qgrad::gradient_to_llvm

#endif // QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_MODULESYMBOLS_H
