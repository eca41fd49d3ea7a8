//===- Reference.cpp - Dense reference matrices for the runtime's tests --===//
#include "Reference.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace qgrad::rt::test {
namespace {

const Complex I(0, 1);

Matrix make(size_t dim, std::vector<Complex> data) { return {dim, data}; }

Matrix pauliX() { return make(2, {0, 1, 1, 0}); }
Matrix pauliY() { return make(2, {0, -I, I, 0}); }
Matrix pauliZ() { return make(2, {1, 0, 0, -1}); }

Matrix scaled(const Matrix &m, Complex s) {
  Matrix out = m;
  for (Complex &x : out.data)
    x *= s;
  return out;
}

Matrix plus(const Matrix &a, const Matrix &b) {
  Matrix out = a;
  for (size_t i = 0; i < out.data.size(); ++i)
    out.data[i] += b.data[i];
  return out;
}

/// exp(-i t/2 P) for an involutory P (P^2 = I).
Matrix expInvolution(const Matrix &p, double t) {
  return plus(scaled(identity(p.dim), std::cos(t / 2)),
              scaled(p, -I * std::sin(t / 2)));
}

Matrix controlled(const Matrix &u) {
  Matrix out = identity(2 * u.dim);
  for (size_t r = 0; r < u.dim; ++r)
    for (size_t c = 0; c < u.dim; ++c)
      out(u.dim + r, u.dim + c) = u(r, c);
  return out;
}

Matrix rotation(const std::string &axis, double t) {
  return expInvolution(axis == "X"   ? pauliX()
                       : axis == "Y" ? pauliY()
                                     : pauliZ(),
                       t);
}

Matrix rot(const std::vector<double> &p) {
  return rotation("Z", p[2]) * rotation("Y", p[1]) * rotation("Z", p[0]);
}

Matrix phase(double t) { return make(2, {1, 0, 0, std::polar(1.0, t)}); }

Matrix swapMatrix() {
  return make(4, {1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1});
}

} // namespace

Matrix identity(size_t dim) {
  Matrix m{dim, std::vector<Complex>(dim * dim, 0.0)};
  for (size_t i = 0; i < dim; ++i)
    m(i, i) = 1;
  return m;
}

Matrix operator*(const Matrix &a, const Matrix &b) {
  Matrix out{a.dim, std::vector<Complex>(a.dim * a.dim, 0.0)};
  for (size_t r = 0; r < a.dim; ++r)
    for (size_t k = 0; k < a.dim; ++k)
      for (size_t c = 0; c < a.dim; ++c)
        out(r, c) += a(r, k) * b(k, c);
  return out;
}

Matrix kron(const Matrix &a, const Matrix &b) {
  Matrix out{a.dim * b.dim,
             std::vector<Complex>(a.dim * b.dim * a.dim * b.dim)};
  for (size_t r = 0; r < out.dim; ++r)
    for (size_t c = 0; c < out.dim; ++c)
      out(r, c) = a(r / b.dim, c / b.dim) * b(r % b.dim, c % b.dim);
  return out;
}

Matrix dagger(const Matrix &m) {
  Matrix out = m;
  for (size_t r = 0; r < m.dim; ++r)
    for (size_t c = 0; c < m.dim; ++c)
      out(r, c) = std::conj(m(c, r));
  return out;
}

Matrix referenceGate(const std::string &name, const std::vector<double> &p,
                     size_t numWires) {
  double h = 1 / std::sqrt(2.0);
  Matrix xx = kron(pauliX(), pauliX()), yy = kron(pauliY(), pauliY());
  if (name == "Identity")
    return identity(2);
  if (name == "PauliX")
    return pauliX();
  if (name == "PauliY")
    return pauliY();
  if (name == "PauliZ")
    return pauliZ();
  if (name == "Hadamard")
    return make(2, {h, h, h, -h});
  if (name == "S")
    return phase(M_PI / 2);
  if (name == "T")
    return phase(M_PI / 4);
  if (name == "PhaseShift")
    return phase(p[0]);
  if (name == "RX" || name == "RY" || name == "RZ")
    return rotation(name.substr(1), p[0]);
  if (name == "Rot")
    return rot(p);
  if (name == "CNOT")
    return controlled(pauliX());
  if (name == "CY")
    return controlled(pauliY());
  if (name == "CZ")
    return controlled(pauliZ());
  if (name == "SWAP")
    return swapMatrix();
  if (name == "IsingXX")
    return expInvolution(xx, p[0]);
  if (name == "IsingYY")
    return expInvolution(yy, p[0]);
  if (name == "IsingZZ")
    return expInvolution(kron(pauliZ(), pauliZ()), p[0]);
  if (name == "IsingXY") {
    // exp(i t/4 (XX + YY)) with K = (XX + YY)/2, K^3 = K.
    Matrix k = scaled(plus(xx, yy), 0.5), k2 = k * k;
    return plus(plus(identity(4), scaled(k2, std::cos(p[0] / 2) - 1.0)),
                scaled(k, I * std::sin(p[0] / 2)));
  }
  if (name == "ControlledPhaseShift")
    return controlled(phase(p[0]));
  if (name == "CRX" || name == "CRY" || name == "CRZ")
    return controlled(rotation(name.substr(2), p[0]));
  if (name == "CRot")
    return controlled(rot(p));
  if (name == "CSWAP")
    return controlled(swapMatrix());
  if (name == "Toffoli")
    return controlled(controlled(pauliX()));
  if (name == "MultiRZ") {
    Matrix z = pauliZ();
    for (size_t i = 1; i < numWires; ++i)
      z = kron(z, pauliZ());
    return expInvolution(z, p[0]);
  }
  if (name == "QubitUnitary") {
    size_t dim = size_t(1) << numWires;
    Matrix m{dim, std::vector<Complex>(dim * dim)};
    for (size_t i = 0; i < dim * dim; ++i)
      m.data[i] = Complex(p[2 * i], p[2 * i + 1]);
    return m;
  }
  throw std::invalid_argument("no reference for " + name);
}

Matrix embed(const Matrix &m, const std::vector<int64_t> &wires, int n) {
  size_t dim = size_t(1) << n;
  Index gateMask = 0;
  for (int64_t w : wires)
    gateMask |= Index(1) << (n - 1 - w);
  auto sub = [&](Index i) {
    Index s = 0;
    for (int64_t w : wires)
      s = (s << 1) | ((i >> (n - 1 - w)) & 1);
    return s;
  };
  Matrix out{dim, std::vector<Complex>(dim * dim, 0.0)};
  for (Index r = 0; r < dim; ++r)
    for (Index c = 0; c < dim; ++c)
      if ((r & ~gateMask) == (c & ~gateMask))
        out(r, c) = m(sub(r), sub(c));
  return out;
}

std::vector<Complex> applyMatrix(const Matrix &m,
                                 const std::vector<Complex> &v) {
  std::vector<Complex> out(m.dim, 0.0);
  for (size_t r = 0; r < m.dim; ++r)
    for (size_t c = 0; c < m.dim; ++c)
      out[r] += m(r, c) * v[c];
  return out;
}

std::vector<double> randomUnitary(size_t dim, std::mt19937_64 &rng) {
  std::normal_distribution<double> gauss;
  std::vector<std::vector<Complex>> cols(dim, std::vector<Complex>(dim));
  for (auto &col : cols)
    for (Complex &x : col)
      x = Complex(gauss(rng), gauss(rng));
  for (size_t j = 0; j < dim; ++j) {
    for (size_t k = 0; k < j; ++k) {
      Complex dot = 0;
      for (size_t i = 0; i < dim; ++i)
        dot += std::conj(cols[k][i]) * cols[j][i];
      for (size_t i = 0; i < dim; ++i)
        cols[j][i] -= dot * cols[k][i];
    }
    double norm = 0;
    for (Complex x : cols[j])
      norm += std::norm(x);
    for (Complex &x : cols[j])
      x /= std::sqrt(norm);
  }
  std::vector<double> flat;
  for (size_t r = 0; r < dim; ++r)
    for (size_t c = 0; c < dim; ++c) {
      flat.push_back(cols[c][r].real());
      flat.push_back(cols[c][r].imag());
    }
  return flat;
}

size_t arityOf(const std::string &name, int n) {
  static const std::map<std::string, size_t> fixed = {
      {"CNOT", 2},    {"CY", 2},      {"CZ", 2},
      {"SWAP", 2},    {"IsingXX", 2}, {"IsingYY", 2},
      {"IsingXY", 2}, {"IsingZZ", 2}, {"CRX", 2},
      {"CRY", 2},     {"CRZ", 2},     {"CRot", 2},
      {"CSWAP", 3},   {"Toffoli", 3}, {"ControlledPhaseShift", 2}};
  auto it = fixed.find(name);
  if (it != fixed.end())
    return it->second;
  if (name == "MultiRZ")
    return static_cast<size_t>(n);
  if (name == "QubitUnitary")
    return static_cast<size_t>(std::min(n, 3));
  return 1;
}

std::vector<Complex> randomState(int n, std::mt19937_64 &rng) {
  std::normal_distribution<double> normal;
  std::vector<Complex> v(size_t(1) << n);
  double norm = 0;
  for (Complex &x : v) {
    x = Complex(normal(rng), normal(rng));
    norm += std::norm(x);
  }
  for (Complex &x : v)
    x /= std::sqrt(norm);
  return v;
}

std::vector<GateCall> randomCircuit(const std::vector<std::string> &names,
                                    int n, int length, std::mt19937_64 &rng) {
  std::uniform_real_distribution<double> angle(-M_PI, M_PI);
  std::vector<GateCall> circuit;
  while (static_cast<int>(circuit.size()) < length) {
    GateCall g;
    g.name = names[rng() % names.size()];
    size_t k = arityOf(g.name, n);
    if (k > static_cast<size_t>(n))
      continue;
    std::vector<int64_t> all(n);
    for (int w = 0; w < n; ++w)
      all[w] = w;
    std::shuffle(all.begin(), all.end(), rng);
    g.wires.assign(all.begin(), all.begin() + k);
    int64_t id = gateIdFromName(g.name);
    if (g.name == "QubitUnitary")
      g.params = randomUnitary(size_t(1) << k, rng);
    else
      for (int i = 0; i < gateInfo(id).numParams; ++i)
        g.params.push_back(angle(rng));
    g.adjoint = rng() & 1;
    circuit.push_back(std::move(g));
  }
  return circuit;
}

void run(Device &device, const std::vector<GateCall> &circuit) {
  for (const GateCall &g : circuit)
    device.apply(g.name, g.params, g.wires, g.adjoint);
}

std::vector<Complex> stateOf(Device &device) {
  const StateVector &psi = device.state();
  return std::vector<Complex>(psi.data(), psi.data() + psi.size());
}

} // namespace qgrad::rt::test
