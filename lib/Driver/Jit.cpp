//===- Jit.cpp - In-process compilation with ORC --------------------------===//

#include "qgrad/Driver/Jit.h"

#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/ObjectTransformLayer.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/Object/ObjectFile.h"

using namespace qgrad::driver;

/// Sums the text sections of an object; an object that does not parse
/// counts as empty, since linking will report it.
static uint64_t countTextBytes(const llvm::MemoryBuffer &object) {
  auto file =
      llvm::object::ObjectFile::createObjectFile(object.getMemBufferRef());
  if (!file) {
    llvm::consumeError(file.takeError());
    return 0;
  }
  uint64_t bytes = 0;
  for (const llvm::object::SectionRef &section : (*file)->sections())
    if (section.isText())
      bytes += section.getSize();
  return bytes;
}

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
  auto codeBytes = std::make_shared<uint64_t>(0);
  (*jit)->getObjTransformLayer().setTransform(
      [codeBytes](std::unique_ptr<llvm::MemoryBuffer> object)
          -> llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> {
        *codeBytes += countTextBytes(*object);
        return std::move(object);
      });
  return Jit(std::move(*jit), std::move(codeBytes));
}

llvm::Expected<Jit> Jit::createFor(unsigned codegenOptLevel,
                                   std::unique_ptr<llvm::Module> module,
                                   std::unique_ptr<llvm::LLVMContext> context) {
  auto jit = create(codegenOptLevel);
  if (!jit)
    return jit.takeError();
  if (llvm::Error err = jit->addModule(std::move(module), std::move(context)))
    return std::move(err);
  return jit;
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
