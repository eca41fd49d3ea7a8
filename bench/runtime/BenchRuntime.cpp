//===- BenchRuntime.cpp - qgrad-bench-runtime: runtime performance -------===//
//
// Measures, in one run: the memory-bandwidth floor, one-qubit gates against
// it, a layered 20-qubit circuit, and the adjoint Jacobian against a forward
// pass. Prints a table, or one JSON object with --json.
//
//===----------------------------------------------------------------------===//
#include "Circuits.h"

#include "qgrad/Runtime/Device.h"

#include <cstdio>
#include <cstring>
#include <map>
#include <omp.h>
#include <string>

using namespace qgrad;
using namespace qgrad::bench;

namespace {

struct Options {
  bool quick = false;
  bool json = false;
  int threads = 1;
  std::string only; // one section: gates, kernels, layered or adjoint
  bool runs(const char *section) const {
    return only.empty() || only == section;
  }
};

struct Report {
  std::map<std::string, double> values;
  bool json;
  void add(const std::string &key, double value, const char *unit) {
    values[key] = value;
    if (!json)
      std::printf("  %-34s %12.6g %s\n", key.c_str(), value, unit);
  }
};

Options parse(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick"))
      o.quick = true;
    else if (!std::strcmp(argv[i], "--json"))
      o.json = true;
    else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc)
      o.threads = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--only") && i + 1 < argc)
      o.only = argv[++i];
    else {
      std::fprintf(stderr,
                   "usage: qgrad-bench-runtime [--quick] [--json] "
                   "[--threads N] [--only gates|kernels|layered|adjoint]\n"
                   "unknown argument '%s'\n",
                   argv[i]);
      std::exit(2);
    }
  }
  return o;
}

/// The floor and RX on a low, a middle and a high wire, measured in turn in
/// every repetition so that a change in the machine's load hits all of them.
void benchGates(const Options &o, Report &r) {
  std::vector<int> sizes =
      o.quick ? std::vector<int>{20, 22, 24} : std::vector<int>{20, 22, 24, 26};
  for (int n : sizes) {
    int reps = n >= 24 ? 5 : 15;
    rt::Device device;
    device.allocate(n);
    device.apply("Hadamard", {}, {0}); // a non-trivial state
    device.state();
    const std::pair<const char *, int64_t> wires[] = {
        {"low", 0}, {"mid", n / 2}, {"high", n - 1}};
    BandwidthFloor floorPass(n);
    double floor = 1e300, best[3] = {1e300, 1e300, 1e300};
    for (int rep = 0; rep < reps; ++rep) {
      floor = std::min(floor, floorPass.measure());
      for (int k = 0; k < 3; ++k) {
        double angle = 0.3;
        int64_t wire = wires[k].second;
        Timing t = timeIt(
            1, [] {},
            [&] {
              device.apply(QGRAD_RT_RX, &angle, &wire, 1, false);
              device.state();
            });
        best[k] = std::min(best[k], t.min);
      }
    }
    r.add("floor_" + std::to_string(n) + "q_seconds", floor, "s");
    double worst = 0;
    for (int k = 0; k < 3; ++k) {
      worst = std::max(worst, best[k] / floor);
      r.add(std::string("rx_") + wires[k].first + "_" + std::to_string(n) +
                "q_over_floor",
            best[k] / floor, "x floor");
    }
    r.add("gate_over_floor_" + std::to_string(n) + "q", worst,
          "x floor (worst wire)");
  }
}

/// Single kernels on a state that stays in cache, in ns per amplitude: what
/// the tiled passes are made of.
void benchKernels(const Options &o, Report &r) {
  for (const KernelCase &c : kernelCases()) {
    double ns = timeKernel(c, (o.quick ? 20 : 60) << (15 - c.bits));
    r.add("kernel_" + c.name + "_ns", ns, "ns/amplitude");
  }
}

void benchLayered(const Options &o, Report &r) {
  int n = 20, layers = 10;
  rt::Device device;
  auto layered = [&](int threads) {
    omp_set_num_threads(threads);
    Timing t = timeIt(
        o.quick ? 5 : 10, [&] { device.allocate(n); },
        [&] {
          applyLayered(device, n, layers, 0.1);
          device.state();
        });
    omp_set_num_threads(o.threads);
    return t;
  };
  Timing t = layered(o.threads);
  r.add("layered20_seconds", t.min, "s (600 gates)");
  r.add("layered20_median_seconds", t.median, "s");
  r.add("layered20_cpu_seconds", t.cpuMin, "s of thread CPU time");
  Timing two = layered(2);
  r.add("layered20_2threads_seconds", two.min, "s (OpenMP, 2 threads)");
}

/// One forward pass (no tape) and the adjoint Jacobian of <Z0> after a taped
/// forward pass, alternating, best of each.
void benchAdjoint(const Options &o, Report &r) {
  int n = 20, layers = 5;
  rt::Device device;
  int64_t z0 = 0;
  auto setup = [&] {
    device.allocate(n);
    device.clearObservables();
    z0 = device.addObservable(
        rt::Observable::named(rt::NamedObservable::PauliZ, 0));
  };
  double forward = 1e300, adjoint = 1e300, forwardCpu = 1e300,
         adjointCpu = 1e300;
  for (int rep = 0; rep < (o.quick ? 3 : 7); ++rep) {
    Timing f = timeIt(1, setup, [&] {
      applyLayered(device, n, layers, 0.2);
      device.state();
    });
    Timing a = timeIt(
        1,
        [&] {
          setup();
          device.tapeStart();
          applyLayered(device, n, layers, 0.2);
          device.tapeStop();
          device.state();
        },
        [&] { device.adjointJacobian({z0}); });
    forward = std::min(forward, f.min);
    adjoint = std::min(adjoint, a.min);
    forwardCpu = std::min(forwardCpu, f.cpuMin);
    adjointCpu = std::min(adjointCpu, a.cpuMin);
  }
  r.add("forward20_seconds", forward, "s (5 layers, 200 params)");
  r.add("adjoint20_seconds", adjoint, "s (Jacobian of <Z0>)");
  r.add("adjoint_over_forward_20q", adjoint / forward, "x forward");
  r.add("adjoint_over_forward_20q_cpu", adjointCpu / forwardCpu,
        "x forward, thread CPU time");
}

} // namespace

int main(int argc, char **argv) {
  Options o = parse(argc, argv);
  omp_set_num_threads(o.threads);
  Report r{{}, o.json};
  if (!o.json)
    std::printf("qgrad-bench-runtime (%d thread%s%s)\n", o.threads,
                o.threads == 1 ? "" : "s", o.quick ? ", quick" : "");
  try {
    if (o.runs("gates"))
      benchGates(o, r);
    if (o.runs("kernels"))
      benchKernels(o, r);
    if (o.runs("layered"))
      benchLayered(o, r);
    if (o.runs("adjoint"))
      benchAdjoint(o, r);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "qgrad-bench-runtime: %s\n", e.what());
    return 1;
  }
  if (o.json) {
    std::printf("{\"threads\": %d, \"quick\": %s", o.threads,
                o.quick ? "true" : "false");
    for (auto &[key, value] : r.values)
      std::printf(", \"%s\": %.6g", key.c_str(), value);
    std::printf("}\n");
  }
  return 0;
}
