//===- Jit.cpp - In-process compilation with ORC --------------------------===//

#include "qgrad/Driver/Jit.h"

#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"

using namespace qgrad::driver;

llvm::Expected<Jit> Jit::create(unsigned codegenOptLevel) {
  auto machineBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machineBuilder)
    return machineBuilder.takeError();
  static constexpr llvm::CodeGenOptLevel levels[] = {
      llvm::CodeGenOptLevel::None, llvm::CodeGenOptLevel::Less,
      llvm::CodeGenOptLevel::Default, llvm::CodeGenOptLevel::Aggressive};
  machineBuilder->setCodeGenOptLevel(levels[std::min(codegenOptLevel, 3u)]);
  auto jit = llvm::orc::LLJITBuilder()
                 .setJITTargetMachineBuilder(std::move(*machineBuilder))
                 .create();
  if (!jit)
    return jit.takeError();
  auto processSymbols =
      llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
          (*jit)->getDataLayout().getGlobalPrefix());
  if (!processSymbols)
    return processSymbols.takeError();
  (*jit)->getMainJITDylib().addGenerator(std::move(*processSymbols));
  return Jit(std::move(*jit));
}

llvm::Error Jit::addModule(std::unique_ptr<llvm::Module> module,
                           std::unique_ptr<llvm::LLVMContext> context) {
  module->setDataLayout(jit->getDataLayout());
  return jit->addIRModule(
      llvm::orc::ThreadSafeModule(std::move(module), std::move(context)));
}

llvm::Expected<void *> Jit::lookup(llvm::StringRef name) {
  auto address = jit->lookup(name);
  if (!address)
    return address.takeError();
  return address->toPtr<void *>();
}
