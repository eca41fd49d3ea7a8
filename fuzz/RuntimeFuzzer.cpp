//===- RuntimeFuzzer.cpp - fuzz-runtime: sequences of runtime C API calls -===//
//
// The bytes choose a sequence of calls of the runtime's C API (qgrad_rt.h):
// allocations (also invalid sizes), gates with any id, wires and parameters
// (NaN and infinities included), observables, every measurement, the gate
// tape and the adjoint Jacobian. Buffers are sized as the API documents, so
// a finding is the runtime's: it must report bad calls through
// qgrad_rt_last_error and never crash, abort or write out of bounds.
//
//===----------------------------------------------------------------------===//

#include "qgrad_rt.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

constexpr int64_t kMaxQubits = 10;
constexpr int64_t kMaxWires = 4;

int64_t pickWire(FuzzedDataProvider &data) {
  // Mostly valid wires, some out of range or negative.
  return data.ConsumeIntegralInRange<int64_t>(-1, kMaxQubits + 1);
}

std::vector<int64_t> pickWires(FuzzedDataProvider &data, int64_t count) {
  std::vector<int64_t> wires;
  for (int64_t i = 0; i < count; ++i)
    wires.push_back(pickWire(data));
  return wires;
}

double pickAngle(FuzzedDataProvider &data) {
  switch (data.ConsumeIntegralInRange<int>(0, 9)) {
  case 0:
    return __builtin_nan("");
  case 1:
    return __builtin_inf();
  default:
    return data.ConsumeFloatingPointInRange<double>(-10.0, 10.0);
  }
}

void step(qgrad_rt_context *ctx, FuzzedDataProvider &data,
          std::vector<int64_t> &observables) {
  int64_t qubits = qgrad_rt_num_qubits(ctx);
  auto someObservable = [&]() -> int64_t {
    if (observables.empty() || data.ConsumeBool())
      return data.ConsumeIntegralInRange<int64_t>(-2, 8);
    return observables[data.ConsumeIntegralInRange<size_t>(
        0, observables.size() - 1)];
  };
  switch (data.ConsumeIntegralInRange<int>(0, 16)) {
  case 0:
    qgrad_rt_allocate(ctx,
                      data.ConsumeIntegralInRange<int64_t>(-2, kMaxQubits));
    break;
  case 1: {
    int64_t gate = data.ConsumeIntegralInRange<int64_t>(-1, 40);
    int64_t wires = qgrad_rt_gate_num_wires(gate);
    if (wires <= 0 || data.ConsumeIntegralInRange<int>(0, 7) == 0)
      wires = data.ConsumeIntegralInRange<int64_t>(0, kMaxWires);
    std::vector<int64_t> w = pickWires(data, wires);
    std::vector<double> params(8);
    for (double &p : params)
      p = pickAngle(data);
    if (qgrad_rt_gate_num_params(gate) == 0 && wires > 0 &&
        std::string(qgrad_rt_gate_name(gate) ? qgrad_rt_gate_name(gate) : "") ==
            "QubitUnitary")
      params.resize(2 << (2 * wires)); // 2 * 4^k doubles for a 2^k matrix
    qgrad_rt_apply(ctx, gate, params.data(), w.data(), wires,
                   data.ConsumeBool());
    break;
  }
  case 2: {
    int64_t h = qgrad_rt_obs_named(
        ctx, data.ConsumeIntegralInRange<int64_t>(-1, 6), pickWire(data));
    if (h >= 0)
      observables.push_back(h);
    break;
  }
  case 3: {
    std::vector<int64_t> factors;
    for (int i = 0, n = data.ConsumeIntegralInRange<int>(0, 3); i < n; ++i)
      factors.push_back(someObservable());
    int64_t h = qgrad_rt_obs_tensor(ctx, factors.data(), factors.size());
    if (h >= 0)
      observables.push_back(h);
    break;
  }
  case 4: {
    std::vector<int64_t> terms;
    std::vector<double> coeffs;
    for (int i = 0, n = data.ConsumeIntegralInRange<int>(0, 3); i < n; ++i) {
      terms.push_back(someObservable());
      coeffs.push_back(pickAngle(data));
    }
    int64_t h = qgrad_rt_obs_hamiltonian(ctx, coeffs.data(), terms.data(),
                                         terms.size());
    if (h >= 0)
      observables.push_back(h);
    break;
  }
  case 5: {
    int64_t k = data.ConsumeIntegralInRange<int64_t>(0, 2);
    std::vector<int64_t> w = pickWires(data, k);
    std::vector<double> matrix(2 << (2 * k));
    for (double &m : matrix)
      m = data.ConsumeFloatingPointInRange<double>(-1.0, 1.0);
    int64_t h = qgrad_rt_obs_hermitian(ctx, matrix.data(), w.data(), k);
    if (h >= 0)
      observables.push_back(h);
    break;
  }
  case 6:
    qgrad_rt_expval(ctx, someObservable());
    break;
  case 7:
    qgrad_rt_var(ctx, someObservable());
    break;
  case 8: {
    // wires == NULL means every wire: the output then has 2^qubits entries.
    bool all = data.ConsumeBool();
    int64_t k = all ? (qubits > 0 ? qubits : 0)
                    : data.ConsumeIntegralInRange<int64_t>(1, kMaxWires);
    std::vector<int64_t> w = pickWires(data, all ? 0 : k);
    std::vector<double> out(int64_t(1) << k);
    qgrad_rt_probs(ctx, all ? nullptr : w.data(), k, out.data());
    break;
  }
  case 9: {
    std::vector<double> out(qubits >= 0 ? (int64_t(2) << qubits) : 2);
    qgrad_rt_state(ctx, out.data());
    break;
  }
  case 10:
  case 11: {
    bool all = data.ConsumeBool();
    int64_t k = all ? (qubits > 0 ? qubits : 0)
                    : data.ConsumeIntegralInRange<int64_t>(1, kMaxWires);
    std::vector<int64_t> w = pickWires(data, all ? 0 : k);
    int64_t shots = data.ConsumeIntegralInRange<int64_t>(-1, 64);
    int64_t seed = data.ConsumeIntegral<int64_t>();
    if (data.ConsumeBool()) {
      std::vector<int64_t> out((shots > 0 ? shots : 1) * (k > 0 ? k : 1));
      qgrad_rt_sample(ctx, all ? nullptr : w.data(), k, shots, seed,
                      out.data());
    } else {
      std::vector<int64_t> out(int64_t(1) << k);
      qgrad_rt_counts(ctx, all ? nullptr : w.data(), k, shots, seed,
                      out.data());
    }
    break;
  }
  case 12:
    qgrad_rt_measure(ctx, pickWire(data), data.ConsumeIntegral<int64_t>());
    break;
  case 13:
    qgrad_rt_tape_start(ctx);
    break;
  case 14:
    qgrad_rt_tape_stop(ctx);
    break;
  case 15: {
    std::vector<int64_t> obs;
    for (int i = 0, n = data.ConsumeIntegralInRange<int>(0, 3); i < n; ++i)
      obs.push_back(someObservable());
    int64_t params = qgrad_rt_tape_num_params(ctx);
    if (params < 0 || data.ConsumeIntegralInRange<int>(0, 7) == 0)
      params = data.ConsumeIntegralInRange<int64_t>(-1, 8);
    std::vector<double> jac((obs.empty() ? 1 : obs.size()) *
                            (params > 0 ? params : 1));
    qgrad_rt_adjoint_jacobian(ctx, obs.data(), obs.size(), jac.data(), params);
    break;
  }
  default:
    qgrad_rt_obs_clear(ctx);
    observables.clear();
    break;
  }
  // Errors are reported, then cleared so the sequence goes on.
  if (const char *message = qgrad_rt_last_error(ctx); message && *message)
    qgrad_rt_clear_error(ctx);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
  FuzzedDataProvider data(bytes, size);
  qgrad_rt_context *ctx = qgrad_rt_context_create();
  std::vector<int64_t> observables;
  for (int i = 0; i < 64 && data.remaining_bytes() > 0; ++i)
    step(ctx, data, observables);
  qgrad_rt_context_destroy(ctx);
  return 0;
}
