//===- HostValue.cpp - Values passed to and returned from entry points ----===//

#include "qgrad/Driver/HostValue.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace qgrad::driver;

unsigned qgrad::driver::getElementSize(ElementKind kind) {
  switch (kind) {
  case ElementKind::F64:
  case ElementKind::I64:
    return 8;
  case ElementKind::F32:
  case ElementKind::I32:
    return 4;
  case ElementKind::I1:
    return 1;
  }
  llvm_unreachable("unknown element kind");
}

llvm::StringRef qgrad::driver::getElementName(ElementKind kind) {
  switch (kind) {
  case ElementKind::F64:
    return "f64";
  case ElementKind::F32:
    return "f32";
  case ElementKind::I64:
    return "i64";
  case ElementKind::I32:
    return "i32";
  case ElementKind::I1:
    return "i1";
  }
  llvm_unreachable("unknown element kind");
}

static std::optional<ElementKind> getElementKind(mlir::Type type) {
  if (type.isF64())
    return ElementKind::F64;
  if (type.isF32())
    return ElementKind::F32;
  if (type.isIndex() || type.isSignlessInteger(64))
    return ElementKind::I64;
  if (type.isSignlessInteger(32))
    return ElementKind::I32;
  if (type.isSignlessInteger(1))
    return ElementKind::I1;
  return std::nullopt;
}

static std::string printType(mlir::Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

llvm::Expected<ValueType> ValueType::fromMLIR(mlir::Type type) {
  ValueType result;
  mlir::Type elementType = type;
  if (auto tensor = llvm::dyn_cast<mlir::RankedTensorType>(type)) {
    result.isTensor = true;
    elementType = tensor.getElementType();
    for (int64_t dim : tensor.getShape())
      result.dims.push_back(mlir::ShapedType::isDynamic(dim)
                                ? std::nullopt
                                : std::optional<int64_t>(dim));
  }
  std::optional<ElementKind> kind = getElementKind(elementType);
  if (!kind)
    return llvm::createStringError(
        "unsupported type '" + printType(type) +
        "' (entry points take and return f64, f32, i64, index, i32, i1 and "
        "ranked tensors of them)");
  result.element = *kind;
  return result;
}

std::string ValueType::str() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (isTensor) {
    os << "tensor<";
    for (const std::optional<int64_t> &dim : dims) {
      if (dim)
        os << *dim;
      else
        os << '?';
      os << 'x';
    }
  }
  os << getElementName(element);
  if (isTensor)
    os << '>';
  return text;
}

HostValue HostValue::borrow(ElementKind element, bool isTensor,
                            std::vector<int64_t> shape, const void *data,
                            size_t size) {
  HostValue value;
  value.element = element;
  value.isTensor = isTensor;
  value.shape = std::move(shape);
  // A zero-size array may have no address; the value still counts as
  // external so that nothing reads `bytes` for it.
  static const uint8_t empty = 0;
  value.external = data ? static_cast<const uint8_t *>(data) : &empty;
  value.externalSize = size;
  return value;
}

int64_t HostValue::getNumElements() const {
  int64_t count = 1;
  for (int64_t dim : shape)
    count *= dim;
  return count;
}

double HostValue::getAsDouble(int64_t index) const {
  const uint8_t *at = data() + index * getElementSize(element);
  switch (element) {
  case ElementKind::F64: {
    double value;
    std::memcpy(&value, at, sizeof(value));
    return value;
  }
  case ElementKind::F32: {
    float value;
    std::memcpy(&value, at, sizeof(value));
    return value;
  }
  default:
    return static_cast<double>(getAsInteger(index));
  }
}

int64_t HostValue::getAsInteger(int64_t index) const {
  const uint8_t *at = data() + index * getElementSize(element);
  switch (element) {
  case ElementKind::I64: {
    int64_t value;
    std::memcpy(&value, at, sizeof(value));
    return value;
  }
  case ElementKind::I32: {
    int32_t value;
    std::memcpy(&value, at, sizeof(value));
    return value;
  }
  case ElementKind::I1:
    return *at & 1;
  default:
    return static_cast<int64_t>(getAsDouble(index));
  }
}
