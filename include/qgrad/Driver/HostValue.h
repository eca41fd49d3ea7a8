//===- HostValue.h - Values passed to and returned from entry points -*- C++ -*-===//
//
// A HostValue is a scalar or a dense row-major tensor held in host memory in
// exactly the byte layout compiled code reads and writes, so arguments can be
// handed to the JIT-compiled entry point without conversion.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_DRIVER_HOSTVALUE_H
#define QGRAD_DRIVER_HOSTVALUE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class Type;
} // namespace mlir

namespace qgrad::driver {

/// The element types an entry point can take or return.
enum class ElementKind { F64, F32, I64, I32, I1 };

/// Size in bytes of one element as compiled code stores it.
unsigned getElementSize(ElementKind kind);
/// The MLIR spelling ("f64", "i1", ...).
llvm::StringRef getElementName(ElementKind kind);

/// The shape of an entry-point argument or result: an element kind, and for
/// tensors the dimensions (std::nullopt marks a dynamic dimension).
struct ValueType {
  ElementKind element = ElementKind::F64;
  bool isTensor = false;
  std::vector<std::optional<int64_t>> dims;

  /// Maps an MLIR type (f64, f32, i64, index, i32, i1, ranked tensor of
  /// those); fails with a message naming the unsupported type.
  static llvm::Expected<ValueType> fromMLIR(mlir::Type type);
  std::string str() const;
};

/// A scalar or a dense row-major tensor with its data in compiled-code layout.
///
/// The data is either owned (`bytes`) or external: a caller's array that
/// compiled code reads in place (the Python frontend passes numpy buffers
/// so), or a buffer compiled code returned, which `owner` frees when the last
/// value referring to it goes. External data saves a copy of every argument
/// and result.
struct HostValue {
  ElementKind element = ElementKind::F64;
  bool isTensor = false;
  std::vector<int64_t> shape;
  std::vector<uint8_t> bytes;
  const uint8_t *external = nullptr;
  size_t externalSize = 0;
  std::shared_ptr<const void> owner;

  /// A value over `size` bytes at `data`, which must outlive its use.
  static HostValue borrow(ElementKind element, bool isTensor,
                          std::vector<int64_t> shape, const void *data,
                          size_t size);

  const uint8_t *data() const { return external ? external : bytes.data(); }
  size_t size() const { return external ? externalSize : bytes.size(); }
  bool isExternal() const { return external != nullptr; }

  int64_t getNumElements() const;
  double getAsDouble(int64_t index) const;
  int64_t getAsInteger(int64_t index) const;
};

} // namespace qgrad::driver

#endif // QGRAD_DRIVER_HOSTVALUE_H
