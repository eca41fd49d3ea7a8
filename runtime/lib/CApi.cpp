//===- CApi.cpp - The C API over qgrad::rt::Device -----------------------===//
//
// Every entry point runs its body under one guard that turns exceptions into
// the context's sticky error, so no C++ exception crosses the C boundary.
//
//===----------------------------------------------------------------------===//
#include "qgrad_rt.h"

#include "Parallel.h"

#include "qgrad/Runtime/Communicator.h"
#include "qgrad/Runtime/Device.h"
#include "qgrad/Runtime/DistributedRegister.h"
#include "qgrad/Runtime/Error.h"

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <memory>
#include <new>
#include <string>

using namespace qgrad::rt;

struct qgrad_rt_context {
  Device device;
  bool failed = false;
  std::string error;
};

namespace {

thread_local std::string lastError;

void fail(qgrad_rt_context *ctx, const char *function, const char *message) {
  std::string text = std::string(function) + ": " + message;
  lastError = text;
  if (ctx) {
    ctx->failed = true;
    ctx->error = std::move(text);
  }
}

/// Runs body(device) and returns QGRAD_RT_OK, or records the failure.
template <class Body>
int64_t guarded(qgrad_rt_context *ctx, const char *function, Body body) {
  if (!ctx) {
    fail(nullptr, function, "the context is null");
    return QGRAD_RT_ERROR;
  }
  if (ctx->failed)
    return QGRAD_RT_ERROR;
  try {
    body(ctx->device);
    return QGRAD_RT_OK;
  } catch (const std::bad_alloc &) {
    fail(ctx, function, "out of memory");
  } catch (const std::exception &e) {
    fail(ctx, function, e.what());
  }
  return QGRAD_RT_ERROR;
}

/// For entry points that return a value: `onError` when the guard fails.
template <class T, class Body>
T guardedValue(qgrad_rt_context *ctx, const char *function, T onError,
               Body body) {
  T result = onError;
  if (guarded(ctx, function, [&](Device &d) { result = body(d); }))
    return onError;
  return result;
}

void requirePointer(const void *p, const char *what) {
  if (!p)
    throw RuntimeError(std::string("the ") + what + " pointer is null");
}

std::vector<Complex> complexArray(const double *data, size_t count) {
  std::vector<Complex> out(count);
  for (size_t i = 0; i < count; ++i)
    out[i] = Complex(data[2 * i], data[2 * i + 1]);
  return out;
}

/// Runs `write(outcomes, k)` on the sampled outcomes of `wires` (NULL: all).
template <class Write>
int64_t drawSamples(qgrad_rt_context *ctx, const char *function,
                    const int64_t *wires, int64_t numWires, int64_t shots,
                    int64_t seed, int64_t *out, Write write) {
  return guarded(ctx, function, [&](Device &d) {
    requirePointer(out, "output");
    int64_t k = wires ? numWires : d.numQubits();
    write(d.sample(wires, numWires, shots, seed), k);
  });
}

/// Copies of the observables behind `count` handles.
std::vector<Observable> observablesOf(Device &d, const int64_t *handles,
                                      int64_t count) {
  requirePointer(handles, "observable handles");
  std::vector<Observable> parts;
  for (int64_t i = 0; i < count; ++i)
    parts.push_back(d.observable(handles[i]));
  return parts;
}

const double kNaN = std::numeric_limits<double>::quiet_NaN();

/// Makes the context distributed (docs/runtime.md, "Distribution").
int64_t distributeContext(qgrad_rt_context *ctx, const char *function) {
  return guarded(ctx, function, [](Device &d) { d.distribute(mpiWorld()); });
}

/// QGRAD_RT_MPI=1 under an MPI launcher asks for a distributed default
/// context.
bool distributionRequested() {
  const char *value = std::getenv("QGRAD_RT_MPI");
  return value && std::string(value) == "1" && startedByMpiLauncher();
}

} // namespace

extern "C" {

qgrad_rt_context *qgrad_rt_context_create(void) {
  try {
    return new qgrad_rt_context();
  } catch (const std::exception &) {
    fail(nullptr, "qgrad_rt_context_create", "out of memory");
    return nullptr;
  }
}

void qgrad_rt_context_destroy(qgrad_rt_context *ctx) { delete ctx; }

qgrad_rt_context *qgrad_rt_default_context(void) {
  if (qgrad_rt_context *worker = currentWorkerContext())
    return worker;
  thread_local std::unique_ptr<qgrad_rt_context> context = [] {
    std::unique_ptr<qgrad_rt_context> ctx(qgrad_rt_context_create());
    // QGRAD_RT_MPI=1 under mpirun: the first default context, the main
    // thread's, is distributed (only the thread that set MPI up talks to it).
    static std::atomic<bool> claimed{false};
    if (ctx && distributionRequested() && !claimed.exchange(true))
      distributeContext(ctx.get(), "qgrad_rt_default_context");
    return ctx;
  }();
  return context.get();
}

} // extern "C"

std::shared_ptr<Communicator>
qgrad::rt::contextCommunicator(qgrad_rt_context *ctx) {
  return ctx ? ctx->device.communicator() : nullptr;
}

int64_t qgrad::rt::contextQubits(qgrad_rt_context *ctx) {
  return ctx ? ctx->device.lastRegisterQubits() : 0;
}

extern "C" {

const char *qgrad_rt_last_error(const qgrad_rt_context *ctx) {
  if (!ctx)
    return lastError.empty() ? nullptr : lastError.c_str();
  return ctx->failed ? ctx->error.c_str() : nullptr;
}

void qgrad_rt_clear_error(qgrad_rt_context *ctx) {
  if (!ctx) {
    lastError.clear();
    return;
  }
  ctx->failed = false;
  ctx->error.clear();
}

int64_t qgrad_rt_fail(qgrad_rt_context *ctx, const char *message) {
  std::string text = message ? message : "qgrad_rt_fail: (no message)";
  lastError = text;
  if (ctx && !ctx->failed) {
    ctx->failed = true;
    ctx->error = std::move(text);
  }
  return QGRAD_RT_ERROR;
}

int64_t qgrad_rt_seed(qgrad_rt_context *ctx, int64_t seed) {
  return guarded(ctx, "qgrad_rt_seed",
                 [&](Device &d) { d.seed(static_cast<uint64_t>(seed)); });
}

int64_t qgrad_rt_allocate(qgrad_rt_context *ctx, int64_t numQubits) {
  noteAllocation(numQubits);
  return guarded(ctx, "qgrad_rt_allocate",
                 [&](Device &d) { d.allocate(numQubits); });
}

int64_t qgrad_rt_num_qubits(qgrad_rt_context *ctx) {
  return guardedValue<int64_t>(ctx, "qgrad_rt_num_qubits", -1,
                               [](Device &d) { return d.numQubits(); });
}

int64_t qgrad_rt_gate_id(const char *name) {
  return name ? gateIdFromName(name) : -1;
}

const char *qgrad_rt_gate_name(int64_t gate) {
  return gate >= 0 && gate < numGates() ? gateInfo(gate).name : nullptr;
}

int64_t qgrad_rt_gate_num_wires(int64_t gate) {
  return gate >= 0 && gate < numGates() ? gateInfo(gate).numWires : -1;
}

int64_t qgrad_rt_gate_num_params(int64_t gate) {
  return gate >= 0 && gate < numGates() ? gateInfo(gate).numParams : -1;
}

int64_t qgrad_rt_apply(qgrad_rt_context *ctx, int64_t gate,
                       const double *params, const int64_t *wires,
                       int64_t numWires, int64_t adjoint) {
  return guarded(ctx, "qgrad_rt_apply", [&](Device &d) {
    d.apply(gate, params, wires, numWires, adjoint != 0);
  });
}

int64_t qgrad_rt_obs_named(qgrad_rt_context *ctx, int64_t kind, int64_t wire) {
  return guardedValue<int64_t>(ctx, "qgrad_rt_obs_named", -1, [&](Device &d) {
    if (kind < 0 || kind >= QGRAD_RT_NUM_NAMED_OBSERVABLES)
      throw RuntimeError("unknown observable id " + std::to_string(kind));
    return d.addObservable(
        Observable::named(static_cast<NamedObservable>(kind), wire));
  });
}

int64_t qgrad_rt_obs_id(const char *name) {
  return name ? namedObservableFromName(name) : -1;
}

int64_t qgrad_rt_obs_hermitian(qgrad_rt_context *ctx, const double *matrix,
                               const int64_t *wires, int64_t numWires) {
  return guardedValue<int64_t>(
      ctx, "qgrad_rt_obs_hermitian", -1, [&](Device &d) {
        requirePointer(matrix, "matrix");
        requirePointer(wires, "wires");
        if (numWires < 1 || numWires > 16)
          throw RuntimeError("Hermitian observable: needs 1 to 16 wires, got " +
                             std::to_string(numWires));
        size_t dim = size_t(1) << numWires;
        return d.addObservable(Observable::hermitian(
            complexArray(matrix, dim * dim),
            std::vector<int64_t>(wires, wires + numWires)));
      });
}

int64_t qgrad_rt_obs_tensor(qgrad_rt_context *ctx, const int64_t *factors,
                            int64_t numFactors) {
  return guardedValue<int64_t>(ctx, "qgrad_rt_obs_tensor", -1, [&](Device &d) {
    return d.addObservable(
        Observable::tensor(observablesOf(d, factors, numFactors)));
  });
}

int64_t qgrad_rt_obs_hamiltonian(qgrad_rt_context *ctx, const double *coeffs,
                                 const int64_t *terms, int64_t numTerms) {
  return guardedValue<int64_t>(
      ctx, "qgrad_rt_obs_hamiltonian", -1, [&](Device &d) {
        requirePointer(coeffs, "coefficients");
        return d.addObservable(Observable::hamiltonian(
            std::vector<double>(coeffs, coeffs + numTerms),
            observablesOf(d, terms, numTerms)));
      });
}

int64_t qgrad_rt_obs_clear(qgrad_rt_context *ctx) {
  return guarded(ctx, "qgrad_rt_obs_clear",
                 [](Device &d) { d.clearObservables(); });
}

double qgrad_rt_expval(qgrad_rt_context *ctx, int64_t obs) {
  return guardedValue<double>(ctx, "qgrad_rt_expval", kNaN,
                              [&](Device &d) { return d.expval(obs); });
}

double qgrad_rt_var(qgrad_rt_context *ctx, int64_t obs) {
  return guardedValue<double>(ctx, "qgrad_rt_var", kNaN,
                              [&](Device &d) { return d.var(obs); });
}

int64_t qgrad_rt_probs(qgrad_rt_context *ctx, const int64_t *wires,
                       int64_t numWires, double *out) {
  return guarded(ctx, "qgrad_rt_probs", [&](Device &d) {
    requirePointer(out, "output");
    std::vector<double> p = d.probs(wires, numWires);
    std::copy(p.begin(), p.end(), out);
  });
}

int64_t qgrad_rt_state(qgrad_rt_context *ctx, double *out) {
  return guarded(ctx, "qgrad_rt_state", [&](Device &d) {
    requirePointer(out, "output");
    const StateVector &psi = d.state();
    for (Index i = 0; i < psi.size(); ++i) {
      out[2 * i] = psi[i].real();
      out[2 * i + 1] = psi[i].imag();
    }
  });
}

int64_t qgrad_rt_sample(qgrad_rt_context *ctx, const int64_t *wires,
                        int64_t numWires, int64_t shots, int64_t seed,
                        int64_t *out) {
  return drawSamples(ctx, "qgrad_rt_sample", wires, numWires, shots, seed, out,
                     [&](const std::vector<Index> &outcomes, int64_t k) {
                       for (size_t s = 0; s < outcomes.size(); ++s)
                         for (int64_t p = 0; p < k; ++p)
                           out[s * k + p] = (outcomes[s] >> (k - 1 - p)) & 1;
                     });
}

int64_t qgrad_rt_counts(qgrad_rt_context *ctx, const int64_t *wires,
                        int64_t numWires, int64_t shots, int64_t seed,
                        int64_t *out) {
  return drawSamples(ctx, "qgrad_rt_counts", wires, numWires, shots, seed, out,
                     [&](const std::vector<Index> &outcomes, int64_t k) {
                       std::fill(out, out + (int64_t(1) << k), 0);
                       for (Index o : outcomes)
                         ++out[o];
                     });
}

int64_t qgrad_rt_measure(qgrad_rt_context *ctx, int64_t wire,
                         int64_t postselect) {
  return guardedValue<int64_t>(ctx, "qgrad_rt_measure", -1, [&](Device &d) {
    return d.measure(wire, postselect);
  });
}

int64_t qgrad_rt_tape_start(qgrad_rt_context *ctx) {
  return guarded(ctx, "qgrad_rt_tape_start", [](Device &d) { d.tapeStart(); });
}

int64_t qgrad_rt_tape_stop(qgrad_rt_context *ctx) {
  return guarded(ctx, "qgrad_rt_tape_stop", [](Device &d) { d.tapeStop(); });
}

int64_t qgrad_rt_tape_num_params(qgrad_rt_context *ctx) {
  return guardedValue<int64_t>(ctx, "qgrad_rt_tape_num_params", -1,
                               [](Device &d) { return d.tapeNumParams(); });
}

int64_t qgrad_rt_adjoint_jacobian(qgrad_rt_context *ctx, const int64_t *obs,
                                  int64_t numObs, double *jac,
                                  int64_t numParams) {
  return guarded(ctx, "qgrad_rt_adjoint_jacobian", [&](Device &d) {
    requirePointer(jac, "jacobian");
    if (numObs > 0)
      requirePointer(obs, "observables");
    if (numParams != d.tapeNumParams())
      throw RuntimeError("the buffer is for " + std::to_string(numParams) +
                         " parameters but the tape has " +
                         std::to_string(d.tapeNumParams()));
    std::vector<double> j =
        d.adjointJacobian(std::vector<int64_t>(obs, obs + numObs));
    std::copy(j.begin(), j.end(), jac);
  });
}

// ---- Distributed contexts (MPI) --------------------------------------------

int64_t qgrad_rt_mpi_available(void) { return mpiAvailable() ? 1 : 0; }

int64_t qgrad_rt_mpi_init(void) {
  return distributeContext(qgrad_rt_default_context(), "qgrad_rt_mpi_init");
}

qgrad_rt_context *qgrad_rt_context_create_distributed(void) {
  qgrad_rt_context *ctx = qgrad_rt_context_create();
  if (ctx &&
      distributeContext(ctx, "qgrad_rt_context_create_distributed") != 0) {
    delete ctx;
    return nullptr;
  }
  return ctx;
}

int64_t qgrad_rt_mpi_rank(void) { return mpiWorldRank(); }

int64_t qgrad_rt_mpi_size(void) { return mpiWorldSize(); }

int64_t qgrad_rt_num_ranks(qgrad_rt_context *ctx) {
  return guardedValue<int64_t>(ctx, "qgrad_rt_num_ranks", -1, [](Device &d) {
    DistributedRegister *reg = d.distributedRegister();
    return reg ? int64_t(1) << reg->globalQubits() : 1;
  });
}

} // extern "C"
