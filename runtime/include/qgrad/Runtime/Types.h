//===- Types.h - Basic types of the qgrad quantum runtime ------*- C++ -*-===//
#ifndef QGRAD_RUNTIME_TYPES_H
#define QGRAD_RUNTIME_TYPES_H

#include <complex>
#include <cstdint>

namespace qgrad::rt {

using Complex = std::complex<double>;
using Index = uint64_t;

/// Complex arithmetic spelled out, so that no build flag can turn it into the
/// NaN-checking library call that blocks vectorisation.
inline Complex mul(Complex a, Complex b) {
  return {a.real() * b.real() - a.imag() * b.imag(),
          a.real() * b.imag() + a.imag() * b.real()};
}
inline Complex mulConj(Complex a, Complex b) { // conj(a) * b
  return {a.real() * b.real() + a.imag() * b.imag(),
          a.real() * b.imag() - a.imag() * b.real()};
}
inline double norm2(Complex a) {
  return a.real() * a.real() + a.imag() * a.imag();
}

/// Wire 0 is the most significant bit of the amplitude index.
inline int bitOfWire(int64_t wire, int numQubits) {
  return numQubits - 1 - static_cast<int>(wire);
}

} // namespace qgrad::rt

#endif
