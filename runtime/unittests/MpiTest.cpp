//===- MpiTest.cpp - The distributed runtime against one process ---------===//
//
// Run under mpirun (runtime/unittests/run-mpi-test.sh). Every rank runs each
// circuit twice: on a device distributed over all ranks and on a plain
// device that holds the whole state, and compares states, expectation
// values, variances, probabilities, samples and adjoint Jacobians to 1e-12.
//
//   qgrad-rt-mpi-test                 the comparisons (10, 13, 16 qubits)
//   qgrad-rt-mpi-test --memory Q      a Q-qubit register: each rank's peak
//                                     resident size against its share
//
//===----------------------------------------------------------------------===//
#include "Reference.h"

#include "qgrad/Runtime/Communicator.h"
#include "qgrad/Runtime/DistributedRegister.h"
#include "qgrad_rt.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

using namespace qgrad::rt;
using namespace qgrad::rt::test;

namespace {

std::shared_ptr<Communicator> world;
int checks = 0, failures = 0;

void check(bool ok, const std::string &what) {
  ++checks;
  if (!ok) {
    ++failures;
    std::printf("[rank %d] FAIL: %s\n", world->rank(), what.c_str());
    std::fflush(stdout);
  }
}

void checkClose(double a, double b, double tol, const std::string &what) {
  std::ostringstream s;
  s.precision(17);
  s << what << ": distributed " << a << ", one process " << b;
  check(std::abs(a - b) <= tol, s.str());
}

template <class V> double maxDiff(const V &a, const V &b) {
  if (a.size() != b.size())
    return INFINITY;
  double m = 0;
  for (size_t i = 0; i < a.size(); ++i)
    m = std::max(m, std::abs(a[i] - b[i]));
  return m;
}

std::vector<std::string> everyGate() {
  std::vector<std::string> names;
  for (int64_t g = 1; g < numGates(); ++g) // Identity does nothing
    names.push_back(gateInfo(g).name);
  return names;
}

/// Observables on global and local wires; the same handles on both devices.
std::vector<int64_t> addObservables(Device &d, int n, std::mt19937_64 &rng) {
  auto named = [&](NamedObservable k, int64_t w) {
    return Observable::named(k, w);
  };
  using N = NamedObservable;
  std::vector<Observable> list = {
      named(N::PauliZ, 0),
      named(N::PauliX, 0),
      named(N::PauliY, 1),
      named(N::PauliX, n - 1),
      named(N::Hadamard, 0),
      named(N::Identity, 0),
      Observable::tensor({named(N::PauliX, 0), named(N::PauliY, 1),
                          named(N::PauliZ, n - 1), named(N::PauliX, n / 2)}),
      Observable::tensor({named(N::PauliZ, 0), named(N::PauliZ, 1)}),
  };
  std::vector<double> h1 = randomUnitary(2, rng), h2 = randomUnitary(4, rng);
  auto hermitian = [](const std::vector<double> &u, size_t dim) {
    // U + U^dagger is Hermitian.
    std::vector<Complex> m(dim * dim);
    for (size_t r = 0; r < dim; ++r)
      for (size_t c = 0; c < dim; ++c)
        m[r * dim + c] =
            Complex(u[2 * (r * dim + c)], u[2 * (r * dim + c) + 1]) +
            std::conj(Complex(u[2 * (c * dim + r)], u[2 * (c * dim + r) + 1]));
    return m;
  };
  list.push_back(Observable::hermitian(hermitian(h1, 2), {n - 1}));
  list.push_back(Observable::hermitian(hermitian(h2, 4), {0, n - 2}));
  list.push_back(Observable::hamiltonian(
      {0.5, -1.25, 0.75, 2.0},
      {named(N::PauliZ, 0),
       Observable::tensor({named(N::PauliX, 0), named(N::PauliX, 1)}),
       Observable::tensor({named(N::PauliY, 1), named(N::PauliZ, n - 1)}),
       Observable::hermitian(hermitian(h1, 2), {2})}));
  std::vector<int64_t> handles;
  for (Observable &o : list)
    handles.push_back(d.addObservable(o));
  return handles;
}

void compareCircuit(int n, uint64_t seed) {
  std::string tag = std::to_string(n) + " qubits, seed " + std::to_string(seed);
  std::mt19937_64 rng(seed);
  std::vector<GateCall> circuit = randomCircuit(everyGate(), n, 12 * n, rng);
  // A rotation on every wire, the global ones included, and CNOTs into them.
  for (int w = 0; w < n; ++w)
    circuit.push_back({"RY", {0.1 + 0.2 * w}, {w}});
  for (int w = 0; w + 1 < n; ++w)
    circuit.push_back({"CNOT", {}, {w + 1, w}});
  circuit.push_back({"CRX", {0.7}, {0, 1}});
  circuit.push_back({"CRZ", {-0.4}, {n - 1, 0}});
  circuit.push_back({"PhaseShift", {0.3}, {1}});
  circuit.push_back({"IsingZZ", {0.9}, {0, 1}});
  circuit.push_back({"MultiRZ", {1.1}, {0, 1, n - 1}});

  Device dist, plain;
  dist.distribute(world);
  for (Device *d : {&dist, &plain}) {
    d->allocate(n);
    d->tapeStart();
    run(*d, circuit);
    d->tapeStop();
  }
  // One rank (a run without mpirun) holds the register whole.
  check((dist.distributedRegister() != nullptr) == (world->size() > 1),
        tag + ": the register is split over the ranks");

  check(maxDiff(stateOf(dist), stateOf(plain)) <= 1e-12, tag + ": state");

  std::mt19937_64 obsRng(seed + 1);
  std::vector<int64_t> obs = addObservables(dist, n, obsRng);
  obsRng.seed(seed + 1);
  addObservables(plain, n, obsRng);
  for (size_t i = 0; i < obs.size(); ++i) {
    checkClose(dist.expval(obs[i]), plain.expval(obs[i]), 1e-12,
               tag + ": expval of observable " + std::to_string(i));
    checkClose(dist.var(obs[i]), plain.var(obs[i]), 1e-12,
               tag + ": var of observable " + std::to_string(i));
  }

  std::vector<std::vector<int64_t>> wireSets = {
      {}, {0}, {1, 0}, {n - 1, 0, 3}, {2, n - 1}};
  for (const std::vector<int64_t> &w : wireSets) {
    const int64_t *wires = w.empty() ? nullptr : w.data();
    std::string what = tag + ": probs of " + std::to_string(w.size()) +
                       " wires" + (w.empty() ? " (all)" : "");
    check(maxDiff(dist.probs(wires, w.size()), plain.probs(wires, w.size())) <=
              1e-12,
          what);
    int64_t shots = w.empty() ? 300 : 2000;
    check(dist.sample(wires, w.size(), shots, seed) ==
              plain.sample(wires, w.size(), shots, seed),
          tag + ": samples of " + std::to_string(w.size()) + " wires");
  }

  std::vector<double> a = dist.adjointJacobian(obs),
                      b = plain.adjointJacobian(obs);
  check(maxDiff(a, b) <= 1e-12,
        tag + ": adjoint Jacobian (" + std::to_string(a.size()) + " entries)");
  // The sweep leaves the register's state as it was.
  check(maxDiff(stateOf(dist), stateOf(plain)) <= 1e-12,
        tag + ": state after the Jacobian");

  // Mid-circuit measurements of a global and a local wire, then more gates.
  dist.seed(seed);
  plain.seed(seed);
  check(dist.measure(0, -1) == plain.measure(0, -1), tag + ": measure wire 0");
  check(dist.measure(n - 1, 1) == plain.measure(n - 1, 1),
        tag + ": postselect wire n-1");
  std::vector<GateCall> more = randomCircuit(everyGate(), n, 4 * n, rng);
  run(dist, more);
  run(plain, more);
  check(maxDiff(stateOf(dist), stateOf(plain)) <= 1e-12,
        tag + ": state after measurements and more gates");
}

/// An observable with X factors on more wires than a rank holds is refused
/// with the runtime's error on every rank, and the device stays usable.
void refuseTooWide() {
  if (world->size() < 2)
    return;
  // The smallest register that is split: each rank holds 4 qubits.
  int n = std::countr_zero(unsigned(world->size())) + kMinLocalQubits;
  Device d;
  d.distribute(world);
  d.allocate(n);
  std::vector<Observable> xs;
  for (int w = 0; w < n; ++w)
    xs.push_back(Observable::named(NamedObservable::PauliX, w));
  int64_t all = d.addObservable(Observable::tensor(xs));
  std::string message;
  try {
    d.expval(all);
  } catch (const RuntimeError &e) {
    message = e.what();
  }
  check(message.find("does not fit") != std::string::npos,
        "X on every wire is refused: '" + message + "'");
  int64_t z = d.addObservable(Observable::named(NamedObservable::PauliZ, 0));
  checkClose(d.expval(z), 1.0, 1e-12, "the device is usable after that");
}

/// The C API: a distributed context against a plain one.
void compareCApi() {
  qgrad_rt_context *d = qgrad_rt_context_create_distributed();
  qgrad_rt_context *p = qgrad_rt_context_create();
  check(d != nullptr, "qgrad_rt_context_create_distributed");
  if (!d)
    return;
  check(qgrad_rt_mpi_size() == world->size() &&
            qgrad_rt_mpi_rank() == world->rank(),
        "qgrad_rt_mpi_rank/size");
  const int n = 12;
  for (qgrad_rt_context *c : {d, p}) {
    qgrad_rt_allocate(c, n);
    qgrad_rt_tape_start(c);
    for (int64_t w = 0; w < n; ++w) {
      double t = 0.3 * (w + 1);
      qgrad_rt_apply(c, QGRAD_RT_RX, &t, &w, 1, 0);
    }
    for (int64_t w = 0; w + 1 < n; ++w) {
      int64_t wires[2] = {w, w + 1};
      qgrad_rt_apply(c, QGRAD_RT_CNOT, nullptr, wires, 2, 0);
    }
    qgrad_rt_tape_stop(c);
  }
  int64_t od = qgrad_rt_obs_named(d, QGRAD_RT_OBS_PAULI_Z, 0);
  int64_t op = qgrad_rt_obs_named(p, QGRAD_RT_OBS_PAULI_Z, 0);
  checkClose(qgrad_rt_expval(d, od), qgrad_rt_expval(p, op), 1e-12,
             "C API expval");
  std::vector<double> sd(2 << n), sp(2 << n), jd(n), jp(n);
  qgrad_rt_state(d, sd.data());
  qgrad_rt_state(p, sp.data());
  check(maxDiff(sd, sp) <= 1e-12, "C API state");
  qgrad_rt_adjoint_jacobian(d, &od, 1, jd.data(), n);
  qgrad_rt_adjoint_jacobian(p, &op, 1, jp.data(), n);
  check(maxDiff(jd, jp) <= 1e-12, "C API adjoint Jacobian");
  std::vector<int64_t> cd(1 << 3), cp(1 << 3);
  int64_t wires[3] = {0, 5, 1};
  qgrad_rt_counts(d, wires, 3, 5000, 7, cd.data());
  qgrad_rt_counts(p, wires, 3, 5000, 7, cp.data());
  check(cd == cp, "C API counts");
  check(qgrad_rt_last_error(d) == nullptr, "C API: no error");
  qgrad_rt_context_destroy(d);
  qgrad_rt_context_destroy(p);
}

/// The shifted evaluations of a gradient, the way compiled code runs them:
/// iteration i evaluates a 10-qubit circuit whose parameter i is shifted and
/// writes column i of two Jacobians of different layouts.
struct ShiftedColumns {
  static constexpr int64_t kQubits = 10, kRows = 3;
  int64_t n;
  int64_t badIteration = -1;
  std::vector<double> rowMajor, columnMajor; // kRows x n, n x kRows
  std::vector<int> runs;
  explicit ShiftedColumns(int64_t n)
      : n(n), rowMajor(kRows * n + 1, -7.0), columnMajor(kRows * n + 1, -7.0),
        runs(n, 0) {}

  static void body(void *closure, int64_t i) {
    auto *self = static_cast<ShiftedColumns *>(closure);
    ++self->runs[i];
    qgrad_rt_context *ctx = qgrad_rt_default_context();
    qgrad_rt_allocate(ctx, kQubits);
    for (int64_t w = 0; w < kQubits; ++w) {
      double t = 0.17 * (w + 1) + (w == i % kQubits ? 1.5707963267948966 : 0);
      qgrad_rt_apply(ctx, QGRAD_RT_RY, &t, &w, 1, 0);
      int64_t wires[2] = {w, (w + 1) % kQubits};
      qgrad_rt_apply(ctx, QGRAD_RT_CNOT, nullptr, wires, 2, 0);
    }
    if (i == self->badIteration) {
      int64_t outside = kQubits + i;
      qgrad_rt_apply(ctx, QGRAD_RT_PAULI_X, nullptr, &outside, 1, 0);
    }
    for (int64_t r = 0; r < kRows; ++r) {
      int64_t z = qgrad_rt_obs_named(ctx, QGRAD_RT_OBS_PAULI_Z, r * 4 + 1);
      double e = qgrad_rt_expval(ctx, z) + static_cast<double>(i);
      self->rowMajor[r * self->n + i] = e;
      self->columnMajor[i * kRows + r] = -e;
    }
    qgrad_rt_obs_clear(ctx);
  }

  int64_t run(qgrad_rt_context *ctx) {
    qgrad_rt_loop_output outputs[2] = {{rowMajor.data(), kRows, n, 1},
                                       {columnMajor.data(), kRows, 1, kRows}};
    return qgrad_rt_parallel_for_outputs(ctx, n, body, this, 2, outputs);
  }
};

/// Ranks that run a loop's iterations, summed over the ranks.
std::vector<double> runsOverRanks(const ShiftedColumns &loop) {
  std::vector<double> total(loop.runs.begin(), loop.runs.end());
  world->allreduceSum(total.data(), total.size());
  return total;
}

/// qgrad_rt_parallel_for_outputs on a distributed context spreads the
/// iterations over the ranks: each runs its block once, and every rank ends
/// with the columns bit for bit as one process computes them.
void spreadShiftedEvaluations() {
  qgrad_rt_context *d = qgrad_rt_context_create_distributed();
  qgrad_rt_context *p = qgrad_rt_context_create();
  // The primal evaluation before the loop, which compiled code ends by
  // releasing its register (an allocation of 0 qubits): the size of the
  // registers the loop's evaluations will allocate.
  qgrad_rt_allocate(d, ShiftedColumns::kQubits);
  qgrad_rt_allocate(d, 0);
  for (int64_t n : {int64_t(1), int64_t(3), int64_t(23)}) {
    for (int64_t threads : {1, 2}) {
      qgrad_rt_set_num_threads(threads);
      std::string what = std::to_string(n) + " iterations, " +
                         std::to_string(threads) + " threads per rank: ";
      ShiftedColumns one(n), spread(n);
      check(one.run(p) == QGRAD_RT_OK, what + "one process");
      check(spread.run(d) == QGRAD_RT_OK,
            what + "spread: " +
                (qgrad_rt_last_error(d) ? qgrad_rt_last_error(d) : ""));
      check(std::memcmp(one.rowMajor.data(), spread.rowMajor.data(),
                        one.rowMajor.size() * sizeof(double)) == 0 &&
                std::memcmp(one.columnMajor.data(), spread.columnMajor.data(),
                            one.columnMajor.size() * sizeof(double)) == 0,
            what + "columns bit for bit as in one process, nothing else "
                   "written");
      int64_t block = (n + world->size() - 1) / world->size();
      int64_t mine = 0;
      for (int64_t i = 0; i < n; ++i)
        mine += spread.runs[i];
      check(mine ==
                std::max<int64_t>(0, std::min(n, (world->rank() + 1) * block) -
                                         world->rank() * block),
            what + "this rank ran its block only (" + std::to_string(mine) +
                " iterations)");
      std::vector<double> total = runsOverRanks(spread);
      check(std::all_of(total.begin(), total.end(),
                        [](double runs) { return runs == 1; }),
            what + "every iteration ran on one rank");
    }
  }
  qgrad_rt_set_num_threads(0);

  // An error on one rank reaches every rank, as the lowest failing
  // iteration's error of a serial run, and nobody waits forever.
  ShiftedColumns failing(17);
  failing.badIteration = 16; // on the last rank's block
  check(failing.run(d) == QGRAD_RT_ERROR, "a failing iteration fails the loop");
  const char *error = qgrad_rt_last_error(d);
  check(error && std::string(error) ==
                     "qgrad_rt_apply: PauliX: wire 26 is outside the register "
                     "of 10 qubits",
        std::string("every rank reports the failing iteration's error: ") +
            (error ? error : "(none)"));
  qgrad_rt_clear_error(d);

  // Above QGRAD_RT_MPI_SPREAD_QUBITS every rank runs every iteration (the
  // register distributed): the same columns to rounding.
  setenv("QGRAD_RT_MPI_SPREAD_QUBITS", "9", 1);
  ShiftedColumns one(11), together(11);
  one.run(p);
  check(together.run(d) == QGRAD_RT_OK, "not spread: runs");
  unsetenv("QGRAD_RT_MPI_SPREAD_QUBITS");
  check(maxDiff(one.rowMajor, together.rowMajor) <= 1e-12 &&
            maxDiff(one.columnMajor, together.columnMajor) <= 1e-12,
        "not spread: the columns of one process");
  check(std::all_of(together.runs.begin(), together.runs.end(),
                    [](int runs) { return runs == 1; }),
        "not spread: this rank ran every iteration");
  qgrad_rt_context_destroy(d);
  qgrad_rt_context_destroy(p);
}

/// QGRAD_RT_MPI=1 under mpirun: the default context distributes itself.
void defaultContextFromEnvironment() {
  qgrad_rt_context *d = qgrad_rt_default_context();
  qgrad_rt_context *p = qgrad_rt_context_create();
  const int n = 12;
  for (qgrad_rt_context *c : {d, p}) {
    qgrad_rt_allocate(c, n);
    for (int64_t w = 0; w < n; ++w) {
      double t = 0.2 * (w + 1);
      qgrad_rt_apply(c, QGRAD_RT_RY, &t, &w, 1, 0);
    }
    int64_t wires[2] = {0, n - 1};
    qgrad_rt_apply(c, QGRAD_RT_CNOT, nullptr, wires, 2, 0);
  }
  check(qgrad_rt_num_ranks(d) == world->size(),
        "QGRAD_RT_MPI=1: the default context is split over " +
            std::to_string(qgrad_rt_num_ranks(d)) + " ranks");
  check(qgrad_rt_num_ranks(p) == 1, "a plain context is held whole");
  std::vector<double> sd(2 << n), sp(2 << n);
  qgrad_rt_state(d, sd.data());
  qgrad_rt_state(p, sp.data());
  check(maxDiff(sd, sp) <= 1e-12, "QGRAD_RT_MPI=1: state");
  qgrad_rt_context_destroy(p);
}

/// VmRSS and VmHWM of this process in bytes.
std::pair<double, double> residentBytes() {
  std::ifstream status("/proc/self/status");
  std::string line;
  double rss = 0, hwm = 0;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0)
      rss = std::stod(line.substr(6)) * 1024;
    if (line.rfind("VmHWM:", 0) == 0)
      hwm = std::stod(line.substr(6)) * 1024;
  }
  return {rss, hwm};
}

void memory(int n) {
  auto [before, beforePeak] = residentBytes();
  auto start = std::chrono::steady_clock::now();
  Device d;
  d.distribute(world);
  d.allocate(n);
  double t = 0.4;
  for (int64_t w = 0; w < n; ++w)
    d.apply("Hadamard", {}, {w});
  for (int64_t w = 0; w + 1 < n; ++w)
    d.apply("CNOT", {}, {w + 1, w}); // targets every global wire
  d.apply("RX", {t}, {0});
  int64_t x0 = d.addObservable(Observable::named(NamedObservable::PauliX, 0));
  double e = d.expval(x0);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  auto [rss, hwm] = residentBytes();
  DistributedRegister *reg = d.distributedRegister();
  double share = std::ldexp(16.0, reg ? reg->localQubits() : n);
  double buffers = reg ? 2.0 * 16 * reg->chunkAmplitudes : 0;
  // The peak may exceed the state's share by the exchange buffers and what
  // the process held before (MPI's shared-memory segments, the libraries).
  double slack = 64.0 * (1 << 20);
  double grown = hwm - before;
  double summary[4] = {rss, hwm, before, grown};
  double all[4 * 64] = {};
  if (world->size() <= 64) {
    std::copy(summary, summary + 4, all + 4 * world->rank());
    world->allreduceSum(all, 4 * world->size());
  }
  if (world->rank() == 0) {
    std::printf("memory: %d qubits over %d ranks, local part %.0f MiB, "
                "exchange buffers %.1f MiB, %llu swaps, %.2f s, <X0> = %.6f\n",
                n, world->size(), share / (1 << 20), buffers / (1 << 20),
                static_cast<unsigned long long>(reg ? reg->swaps() : 0),
                seconds, e);
    for (int r = 0; r < world->size() && r < 64; ++r)
      std::printf("  rank %d: VmRSS %.1f MiB, VmHWM %.1f MiB (before "
                  "allocating: %.1f MiB; growth %.1f MiB = %.3f x the "
                  "share)\n",
                  r, all[4 * r] / (1 << 20), all[4 * r + 1] / (1 << 20),
                  all[4 * r + 2] / (1 << 20), all[4 * r + 3] / (1 << 20),
                  all[4 * r + 3] / share);
  }
  (void)beforePeak;
  // |+...+> is unchanged by the CNOTs and is an eigenstate of RX on wire 0.
  checkClose(e, 1.0, 1e-9, "<X0> of the memory circuit");
  check(grown <= share + buffers + slack,
        "peak resident growth " + std::to_string(grown / (1 << 20)) +
            " MiB exceeds the local part " + std::to_string(share / (1 << 20)) +
            " MiB + buffers + 64 MiB");
}

} // namespace

int main(int argc, char **argv) {
  try {
    world = mpiWorld();
  } catch (const std::exception &e) {
    std::printf("qgrad-rt-mpi-test: %s\n", e.what());
    return 1;
  }
  try {
    if (argc >= 3 && std::strcmp(argv[1], "--memory") == 0) {
      memory(std::atoi(argv[2]));
    } else if (argc >= 2 && std::strcmp(argv[1], "--default-context") == 0) {
      defaultContextFromEnvironment();
    } else {
      for (int n : {10, 13, 16})
        for (uint64_t seed : {1, 2})
          compareCircuit(n, seed * 100 + n);
      compareCApi();
      spreadShiftedEvaluations();
      refuseTooWide();
    }
  } catch (const std::exception &e) {
    check(false, std::string("exception: ") + e.what());
  }
  double counts[2] = {static_cast<double>(checks),
                      static_cast<double>(failures)};
  world->allreduceSum(counts, 2);
  if (world->rank() == 0)
    std::printf("qgrad-rt-mpi-test on %d ranks: %.0f passed, %.0f failed\n",
                world->size(), counts[0] - counts[1], counts[1]);
  return counts[1] == 0 ? 0 : 1;
}
