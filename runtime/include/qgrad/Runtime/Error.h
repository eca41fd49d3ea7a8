//===- Error.h - The runtime's error type ----------------------*- C++ -*-===//
#ifndef QGRAD_RUNTIME_ERROR_H
#define QGRAD_RUNTIME_ERROR_H

#include <stdexcept>
#include <string>

namespace qgrad::rt {

/// Every invalid request (bad wire, unknown gate, state too large, ...) is
/// reported with this exception; the C API turns it into a status code and a
/// message.
class RuntimeError : public std::runtime_error {
public:
  explicit RuntimeError(const std::string &message)
      : std::runtime_error(message) {}
};

} // namespace qgrad::rt

#endif
