//===- qgrad-translate.cpp - mlir-translate with qgrad's importers --------===//

#include "qgrad/Interop/OpenQASM.h"
#include "qgrad/Support/Version.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "llvm/Support/CommandLine.h"

int main(int argc, char **argv) {
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    qgrad::printToolVersion(os, "qgrad-translate");
  });
  qgrad::interop::registerOpenQASMImport();
  return mlir::failed(
             mlir::mlirTranslateMain(argc, argv, "qgrad translation driver\n"))
             ? 1
             : 0;
}
