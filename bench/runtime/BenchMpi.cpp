//===- BenchMpi.cpp - qgrad-bench-mpi: a distributed register's cost -----===//
//
// Run under mpirun -np P (bench/runtime/mpi-scaling.sh runs P = 1, 2, 4):
// a layered circuit (RX, RY on every wire, a CNOT ring) on an n-qubit
// register split over the P ranks, timed end to end, with what the wire
// swaps exchanged: bytes per rank, the time spent in MPI_Sendrecv, and that
// time per byte against the memory floor (one read-modify-write pass over
// the rank's part), which is what docs/runtime.md's cost model needs.
//
//===----------------------------------------------------------------------===//
#include "Circuits.h"

#include "qgrad/Runtime/Communicator.h"
#include "qgrad/Runtime/DistributedRegister.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <time.h>

using namespace qgrad;
using namespace qgrad::bench;

namespace {

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

double threadCpu() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

double maxOverRanks(rt::Communicator &comm, double value) {
  std::vector<double> all(comm.size(), 0.0);
  all[comm.rank()] = value;
  comm.allreduceSum(all.data(), all.size());
  return *std::max_element(all.begin(), all.end());
}

} // namespace

int main(int argc, char **argv) {
  int n = 26, layers = 2, reps = 2;
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--qubits") && i + 1 < argc)
      n = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--layers") && i + 1 < argc)
      layers = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--reps") && i + 1 < argc)
      reps = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--json"))
      json = true;
    else {
      std::fprintf(stderr, "usage: mpirun -np P qgrad-bench-mpi [--qubits N] "
                           "[--layers L] [--reps R] [--json]\n");
      return 2;
    }
  }
  try {
    std::shared_ptr<rt::Communicator> comm = rt::mpiWorld();
    int ranks = comm->size();
    int globalBits = 0;
    while ((1 << globalBits) < ranks)
      ++globalBits;
    int localBits = n - globalBits;

    // The floor: one read-modify-write pass over this rank's part.
    BandwidthFloor floorPass(localBits);
    double floor = 1e300;
    for (int r = 0; r < 3; ++r)
      floor = std::min(floor, floorPass.measure());
    floor = maxOverRanks(*comm, floor);
    double partBytes = std::ldexp(16.0, localBits);

    double best = 1e300, exchangeSeconds = 0, waitSeconds = 0, bytes = 0;
    double localSeconds = 0, swapSeconds = 0, localCpu = 0, totalCpu = 0;
    uint64_t swaps = 0;
    for (int rep = 0; rep < reps; ++rep) {
      rt::Device device;
      if (ranks > 1)
        device.distribute(comm);
      device.allocate(n);
      uint64_t bytes0 = comm->bytesExchanged;
      double seconds0 = comm->secondsExchanging;
      double wait0 = comm->secondsWaiting;
      maxOverRanks(*comm, 0); // a barrier
      double start = now(), cpuStart = threadCpu();
      applyLayered(device, n, layers, 0.3 + rep);
      int64_t z0 = device.addObservable(
          rt::Observable::named(rt::NamedObservable::PauliZ, 0));
      device.expval(z0);
      double cpu = threadCpu() - cpuStart;
      double seconds = maxOverRanks(*comm, now() - start);
      if (seconds < best) {
        best = seconds;
        exchangeSeconds =
            maxOverRanks(*comm, comm->secondsExchanging - seconds0);
        bytes = maxOverRanks(*comm, double(comm->bytesExchanged - bytes0));
        waitSeconds = maxOverRanks(*comm, comm->secondsWaiting - wait0);
        rt::DistributedRegister *reg = device.distributedRegister();
        swaps = reg ? reg->swaps() : 0;
        localSeconds = maxOverRanks(*comm, reg ? reg->secondsLocal : 0);
        swapSeconds = maxOverRanks(*comm, reg ? reg->secondsSwapping : 0);
        localCpu = maxOverRanks(*comm, reg ? reg->cpuSecondsLocal : 0);
        totalCpu = maxOverRanks(*comm, cpu);
      }
    }
    if (comm->rank() != 0)
      return 0;
    double perByte = bytes > 0 ? exchangeSeconds / bytes : 0;
    double floorPerByte = floor / partBytes;
    if (json) {
      std::printf("{\"ranks\": %d, \"qubits\": %d, \"layers\": %d, "
                  "\"seconds\": %.6g, \"swaps\": %llu, "
                  "\"bytes_exchanged_per_rank\": %.6g, "
                  "\"exchange_seconds\": %.6g, \"wait_seconds\": %.6g, "
                  "\"swap_seconds\": %.6g, \"local_seconds\": %.6g, "
                  "\"local_cpu_seconds\": %.6g, \"cpu_seconds\": %.6g, "
                  "\"exchange_seconds_per_byte\": %.6g, "
                  "\"floor_seconds\": %.6g, "
                  "\"floor_seconds_per_byte\": %.6g}\n",
                  ranks, n, layers, best, (unsigned long long)swaps, bytes,
                  exchangeSeconds, waitSeconds, swapSeconds, localSeconds,
                  localCpu, totalCpu, perByte, floor, floorPerByte);
      return 0;
    }
    std::printf("qgrad-bench-mpi: %d qubits, %d layers (%d gates), %d "
                "rank(s), local part %.0f MiB\n",
                n, layers, 3 * n * layers, ranks, partBytes / (1 << 20));
    std::printf("  %-34s %12.6g s\n", "circuit + <Z0> (best)", best);
    std::printf("  %-34s %12llu\n", "wire swaps", (unsigned long long)swaps);
    std::printf("  %-34s %12.6g MiB\n", "exchanged per rank",
                bytes / (1 << 20));
    std::printf("  %-34s %12.6g s\n", "in MPI_Sendrecv (slowest rank)",
                exchangeSeconds);
    std::printf("  %-34s %12.6g s\n", "waiting for the partner", waitSeconds);
    if (ranks > 1) {
      std::printf("  %-34s %12.6g s\n", "swaps incl. packing", swapSeconds);
      std::printf("  %-34s %12.6g s\n", "gates on the local part",
                  localSeconds);
      std::printf("  %-34s %12.6g s\n", "  the same, thread CPU time",
                  localCpu);
    }
    std::printf("  %-34s %12.6g s\n", "whole run, thread CPU time", totalCpu);
    std::printf("  %-34s %12.6g ns/B\n", "exchange time per byte",
                perByte * 1e9);
    std::printf("  %-34s %12.6g s\n", "floor: one pass over the part", floor);
    std::printf("  %-34s %12.6g ns/B\n", "floor per byte of the part",
                floorPerByte * 1e9);
    if (perByte > 0)
      std::printf("  %-34s %12.6g x\n", "exchange byte / floor byte",
                  perByte / floorPerByte);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "qgrad-bench-mpi: %s\n", e.what());
    return 1;
  }
  return 0;
}
