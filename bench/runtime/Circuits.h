//===- Circuits.h - The circuits and timers of the runtime benchmark -----===//
#ifndef QGRAD_BENCH_RUNTIME_CIRCUITS_H
#define QGRAD_BENCH_RUNTIME_CIRCUITS_H

#include "qgrad/Runtime/Device.h"
#include "qgrad_rt.h"

#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace qgrad::bench {

/// `layers` layers of RX and RY on every wire followed by a CNOT ring
/// (CNOT(w, w+1 mod n)): 3 n gates and 2 n parameters per layer.
void applyLayered(rt::Device &device, int n, int layers, double seed);

/// Minimum and median of `reps` timings of body(), in seconds; setup() runs
/// untimed before each.
struct Timing {
  double min = 0, median = 0;
  double cpuMin = 0; // thread CPU time: unaffected by waiting for a core
};
Timing timeIt(int reps, const std::function<void()> &setup,
              const std::function<void()> &body);

/// One kernel op on a state of 2^bits amplitudes (small enough for a cache).
struct KernelCase {
  std::string name;
  int bits;
  std::vector<rt::KernelOp> ops; // run in order, each on the whole state
  bool executor = false;         // through runOps (fusion, blocks) on one tile
};
std::vector<KernelCase> kernelCases();
/// Best of a few batches of `reps` runs: ns per amplitude and op.
double timeKernel(const KernelCase &c, int reps);

/// One read-modify-write pass over 2^n complex doubles: the memory-bandwidth
/// floor of a one-qubit gate on n qubits.
class BandwidthFloor {
public:
  explicit BandwidthFloor(int n);
  /// Seconds for one pass.
  double measure();

private:
  size_t size_; // doubles
  std::unique_ptr<double, decltype(&std::free)> data_;
};

} // namespace qgrad::bench

#endif
