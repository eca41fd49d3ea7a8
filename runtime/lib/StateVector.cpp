//===- StateVector.cpp - Aligned state storage and its size check --------===//
#include "qgrad/Runtime/StateVector.h"

#include "qgrad/Runtime/Error.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <unistd.h>

namespace qgrad::rt {
namespace {

constexpr size_t kAlignment = 64;

std::string humanBytes(double bytes) {
  static const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int u = 0;
  while (bytes >= 1024 && u < 6) {
    bytes /= 1024;
    ++u;
  }
  char text[64];
  std::snprintf(text, sizeof(text), "%.4g %s", bytes, units[u]);
  return text;
}

double physicalMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0)
    return 1e300; // unknown: let the allocation decide
  return static_cast<double>(pages) * static_cast<double>(pageSize);
}

} // namespace

void StateVector::checkFits(int64_t numQubits) {
  if (numQubits < 0)
    throw RuntimeError("cannot allocate " + std::to_string(numQubits) +
                       " qubits: the count must be non-negative");
  double bytes =
      std::ldexp(static_cast<double>(sizeof(Complex)),
                 static_cast<int>(std::min<int64_t>(numQubits, 2000)));
  double memory = physicalMemoryBytes();
  if (numQubits > 58 || bytes > memory)
    throw RuntimeError("cannot allocate " + std::to_string(numQubits) +
                       " qubits: the state vector needs " + humanBytes(bytes) +
                       " but this machine has " + humanBytes(memory) +
                       " of memory");
}

void StateVector::Free::operator()(Complex *p) const { std::free(p); }

std::unique_ptr<Complex[], StateVector::Free>
StateVector::allocate(Index size) {
  size_t bytes = size * sizeof(Complex);
  bytes = (bytes + kAlignment - 1) / kAlignment * kAlignment;
  void *raw = std::aligned_alloc(kAlignment, bytes);
  if (!raw)
    throw RuntimeError("cannot allocate a state vector of " +
                       humanBytes(static_cast<double>(bytes)) +
                       ": out of memory");
  return std::unique_ptr<Complex[], Free>(static_cast<Complex *>(raw));
}

StateVector::StateVector(int64_t numQubits)
    : numQubits_(static_cast<int>(numQubits)) {
  checkFits(numQubits);
  data_ = allocate(size());
  std::memset(static_cast<void *>(data_.get()), 0, size() * sizeof(Complex));
  data_[0] = 1.0;
}

StateVector::StateVector(const StateVector &other)
    : numQubits_(other.numQubits_), data_(allocate(other.size())) {
  std::memcpy(static_cast<void *>(data_.get()), other.data(),
              size() * sizeof(Complex));
}

} // namespace qgrad::rt
