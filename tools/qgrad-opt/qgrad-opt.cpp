//===- qgrad-opt.cpp - mlir-opt with qgrad's dialects and passes ----------===//

#include "qgrad/InitAllDialects.h"
#include "qgrad/InitAllPasses.h"
#include "qgrad/Support/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"

int main(int argc, char **argv) {
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    qgrad::printToolVersion(os, "qgrad-opt");
  });
  mlir::DialectRegistry registry;
  qgrad::registerAllDialects(registry);
  qgrad::registerAllPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "qgrad optimizer driver (MLIR 22)\n", registry));
}
