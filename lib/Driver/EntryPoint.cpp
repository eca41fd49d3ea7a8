//===- EntryPoint.cpp - Calling a compiled function from the host ---------===//

#include "qgrad/Driver/EntryPoint.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstdlib>
#include <cstring>

using namespace qgrad::driver;

llvm::Expected<EntrySignature>
qgrad::driver::getEntrySignature(mlir::ModuleOp module, llvm::StringRef name) {
  auto func = module.lookupSymbol<mlir::func::FuncOp>(name);
  if (!func)
    return llvm::createStringError("no function named '" + name +
                                   "' in the module (use --entry NAME)");
  if (func.isExternal())
    return llvm::createStringError("entry function '" + name +
                                   "' is only declared; it needs a body");
  EntrySignature signature;
  signature.name = name.str();
  auto collect = [&](mlir::TypeRange types, llvm::StringRef what,
                     std::vector<ValueType> &out) -> llvm::Error {
    for (auto [index, type] : llvm::enumerate(types)) {
      auto valueType = ValueType::fromMLIR(type);
      if (!valueType)
        return llvm::createStringError(
            llvm::formatv("entry function '{0}', {1} {2}: {3}", name, what,
                          index, llvm::toString(valueType.takeError())));
      out.push_back(std::move(*valueType));
    }
    return llvm::Error::success();
  };
  if (llvm::Error err =
          collect(func.getArgumentTypes(), "argument", signature.inputs))
    return std::move(err);
  if (llvm::Error err =
          collect(func.getResultTypes(), "result", signature.results))
    return std::move(err);
  return signature;
}

std::string qgrad::driver::getPackedWrapperName(llvm::StringRef entry) {
  return (entry + ".packed").str();
}

llvm::Error qgrad::driver::addPackedWrapper(llvm::Module &module,
                                            const EntrySignature &signature) {
  llvm::Function *entry = module.getFunction(signature.name);
  if (!entry)
    return llvm::createStringError("internal error: entry '" +
                                   signature.name +
                                   "' vanished during lowering");
  llvm::LLVMContext &context = module.getContext();
  llvm::Type *ptrType = llvm::PointerType::getUnqual(context);
  auto *wrapperType = llvm::FunctionType::get(llvm::Type::getVoidTy(context),
                                              {ptrType}, /*isVarArg=*/false);
  auto *wrapper = llvm::Function::Create(
      wrapperType, llvm::GlobalValue::ExternalLinkage,
      getPackedWrapperName(signature.name), module);
  llvm::IRBuilder<> builder(
      llvm::BasicBlock::Create(context, "entry", wrapper));
  llvm::Value *slots = wrapper->getArg(0);
  auto slotPointer = [&](unsigned index) {
    llvm::Value *address =
        builder.CreateConstInBoundsGEP1_64(ptrType, slots, index);
    return builder.CreateLoad(ptrType, address);
  };

  llvm::SmallVector<llvm::Value *> arguments;
  for (llvm::Argument &param : entry->args())
    arguments.push_back(
        builder.CreateLoad(param.getType(), slotPointer(param.getArgNo())));
  llvm::CallInst *call = builder.CreateCall(entry, arguments);

  unsigned firstResultSlot = entry->arg_size();
  if (signature.results.size() == 1) {
    builder.CreateStore(call, slotPointer(firstResultSlot));
  } else {
    for (unsigned i = 0; i < signature.results.size(); ++i)
      builder.CreateStore(builder.CreateExtractValue(call, i),
                          slotPointer(firstResultSlot + i));
  }
  builder.CreateRetVoid();
  return llvm::Error::success();
}

namespace {

/// Storage for one lowered memref descriptor: {allocated, aligned, offset,
/// sizes[rank], strides[rank]}, every field one 8-byte word.
struct Descriptor {
  std::vector<uint64_t> words;

  static Descriptor forDense(const HostValue &value) {
    Descriptor descriptor;
    // Compiled code reads arguments in place; entry points whose arguments
    // are external mark them read-only for bufferization (docs/driver.md).
    auto address = reinterpret_cast<uint64_t>(value.data());
    descriptor.words = {address, address, 0};
    descriptor.words.insert(descriptor.words.end(), value.shape.begin(),
                            value.shape.end());
    std::vector<uint64_t> strides(value.shape.size(), 1);
    for (size_t i = value.shape.size(); i-- > 1;)
      strides[i - 1] = strides[i] * value.shape[i];
    descriptor.words.insert(descriptor.words.end(), strides.begin(),
                            strides.end());
    return descriptor;
  }
};

/// Whether a descriptor's strides are those of a dense row-major array.
bool isDenseRowMajor(const std::vector<int64_t> &shape,
                     const int64_t *strides) {
  int64_t expected = 1;
  for (size_t d = shape.size(); d-- > 0;) {
    if (shape[d] != 1 && strides[d] != expected)
      return false;
    expected *= shape[d];
  }
  return true;
}

/// The tensor a result descriptor describes. A dense view is handed over
/// without a copy, sharing ownership of its buffer (`buffer`, which frees
/// it); a strided one is copied into dense storage.
HostValue readTensorResult(const uint64_t *words, const ValueType &type,
                           const std::shared_ptr<const void> &buffer) {
  size_t rank = type.dims.size();
  HostValue value;
  value.element = type.element;
  value.isTensor = true;
  value.shape.assign(words + 3, words + 3 + rank);
  const int64_t *strides = reinterpret_cast<const int64_t *>(words + 3 + rank);
  unsigned elementSize = getElementSize(type.element);
  const auto *base = reinterpret_cast<const uint8_t *>(words[1]) +
                     static_cast<int64_t>(words[2]) * elementSize;
  int64_t count = value.getNumElements();
  if (isDenseRowMajor(value.shape, strides)) {
    value.external = base;
    value.externalSize = count * elementSize;
    value.owner = buffer;
    return value;
  }
  value.bytes.resize(count * elementSize);
  std::vector<int64_t> index(rank, 0);
  for (int64_t linear = 0; linear < count; ++linear) {
    int64_t offset = 0;
    for (size_t d = 0; d < rank; ++d)
      offset += index[d] * strides[d];
    std::memcpy(value.bytes.data() + linear * elementSize,
                base + offset * elementSize, elementSize);
    for (size_t d = rank; d-- > 0;) {
      if (++index[d] < value.shape[d])
        break;
      index[d] = 0;
    }
  }
  return value;
}

} // namespace

std::vector<HostValue>
qgrad::driver::invokePacked(void (*packed)(void **),
                            const EntrySignature &signature,
                            std::vector<HostValue> &arguments) {
  std::vector<Descriptor> descriptors;
  descriptors.reserve(arguments.size());
  std::vector<void *> slots;
  for (HostValue &argument : arguments) {
    if (!argument.isTensor) {
      slots.push_back(const_cast<uint8_t *>(argument.data()));
      continue;
    }
    descriptors.push_back(Descriptor::forDense(argument));
    for (uint64_t &word : descriptors.back().words)
      slots.push_back(&word);
  }

  // Each result slot is large enough for a rank-r descriptor or a scalar.
  std::vector<std::vector<uint64_t>> resultStorage;
  for (const ValueType &type : signature.results)
    resultStorage.emplace_back(3 + 2 * type.dims.size() + 1, 0);
  for (auto &storage : resultStorage)
    slots.push_back(storage.data());

  packed(slots.data());

  std::vector<HostValue> results;
  // Ownership-based deallocation gives the caller every returned buffer (it
  // clones arguments and constants it returns). Results may share a buffer,
  // so each buffer is freed once, when the last result using it (or, if
  // none keeps it, this function) lets go.
  llvm::DenseMap<void *, std::shared_ptr<const void>> buffers;
  for (auto [type, storage] : llvm::zip(signature.results, resultStorage)) {
    if (type.isTensor) {
      auto *allocated = reinterpret_cast<void *>(storage[0]);
      std::shared_ptr<const void> &buffer = buffers[allocated];
      if (!buffer)
        buffer = std::shared_ptr<const void>(allocated, std::free);
      results.push_back(readTensorResult(storage.data(), type, buffer));
      continue;
    }
    HostValue value;
    value.element = type.element;
    unsigned size = getElementSize(type.element);
    const auto *raw = reinterpret_cast<const uint8_t *>(storage.data());
    value.bytes.assign(raw, raw + size);
    results.push_back(std::move(value));
  }
  return results;
}
