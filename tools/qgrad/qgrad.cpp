//===- qgrad.cpp - The qgrad driver ---------------------------------------===//

#include "qgrad/Driver/Driver.h"
#include "qgrad/Support/InputGuards.h"

#include "llvm/Support/InitLLVM.h"

int main(int argc, char **argv) {
  qgrad::installBailOutAfterErrors("qgrad");
  llvm::InitLLVM init(argc, argv);
  std::vector<std::string> args(argv + 1, argv + argc);
  return qgrad::driver::runDriver(args);
}
