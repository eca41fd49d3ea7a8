//===- FunctionCopies.cpp - Private copies of functions -------------------===//

#include "FunctionCopies.h"

using namespace mlir;

func::FuncOp qgrad::gradient::detail::clonePrivately(func::FuncOp fn,
                                                     StringRef name) {
  OpBuilder b(fn);
  b.setInsertionPointAfter(fn);
  auto copy = cast<func::FuncOp>(b.clone(*fn));
  copy.setSymName(name);
  copy.setPrivate();
  return copy;
}
