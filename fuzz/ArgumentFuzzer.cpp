//===- ArgumentFuzzer.cpp - fuzz-args: the driver's argument literals -----===//
//
// The first bytes choose an entry parameter type (scalars of every element
// kind, tensors of static and dynamic shapes); the rest is the command-line
// text `qgrad run` would bind to it. Binding must fail with a message or
// produce a value whose bytes are exactly its shape's elements.
//
//===----------------------------------------------------------------------===//

#include "qgrad/Driver/ArgumentParser.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdlib>

using namespace qgrad::driver;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
  FuzzedDataProvider data(bytes, size);
  ValueType type;
  type.element = static_cast<ElementKind>(
      data.ConsumeIntegralInRange<int>(0, static_cast<int>(ElementKind::I1)));
  type.isTensor = data.ConsumeBool();
  if (type.isTensor)
    for (int rank = data.ConsumeIntegralInRange<int>(0, 3); rank > 0; --rank) {
      if (data.ConsumeBool())
        type.dims.push_back(std::nullopt);
      else
        type.dims.push_back(data.ConsumeIntegralInRange<int64_t>(0, 5));
    }
  std::string text = data.ConsumeRemainingBytesAsString();
  llvm::Expected<HostValue> value = parseArgument(text, type, 0);
  if (!value) {
    if (llvm::toString(value.takeError()).empty())
      std::abort(); // a failure must say why
    return 0;
  }
  int64_t elements = value->getNumElements();
  if (value->element != type.element || value->isTensor != type.isTensor ||
      value->bytes.size() !=
          static_cast<size_t>(elements) * getElementSize(type.element))
    std::abort();
  for (int64_t i = 0; i < elements; ++i)
    (void)value->getAsDouble(i);
  return 0;
}
