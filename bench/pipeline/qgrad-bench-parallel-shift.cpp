//===- qgrad-bench-parallel-shift.cpp - Serial and parallel shift loops ---===//
//
// A parameter-shift gradient of 40 parameters compiled once per register
// size and called alternately with qgrad_rt_set_num_threads(1) and with
// --threads N (default 2): the shifted evaluations in order on one thread
// against qgrad_rt_parallel_for. Every pair of calls must give the same
// gradient bit for bit. The circuit: Hadamard on every wire, then 5 layers
// of RY or RX on wires 0-3, a ring CRX, CRY, CRZ, CRX on wires 0-3 (the
// four-term rule) and a CNOT chain over all wires; <Z0 X2>. So 120
// evaluations of 5 x 8 parametrised gates plus 5 x (n - 1) CNOTs.
//
//   qgrad-bench-parallel-shift [--qubits 4,8,12,14] [--repeats 9] [--threads 2]
//
// Under mpirun with --mpi 1, the default context is distributed and the
// calls alternate between the evaluations spread over the ranks (each on
// whole registers, one thread per rank) and the evaluations run one after
// another by all ranks together on the distributed register
// (QGRAD_RT_MPI_SPREAD_QUBITS=0); rank 0 prints the table.
//
//   mpirun -np 2 qgrad-bench-parallel-shift --mpi 1 [--qubits ...]
//
//===----------------------------------------------------------------------===//

#include "qgrad/Driver/CompiledProgram.h"

#include "qgrad_rt.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace qgrad::driver;

namespace {

std::string programText(int qubits) {
  std::string n = std::to_string(qubits);
  std::string chain = std::to_string(qubits - 1);
  return R"(
func.func @layers(%w: tensor<40xf64>) -> f64
    attributes {qnode, diff_method = "parameter-shift"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %cn = arith.constant )" +
         n + R"( : index
  %cchain = arith.constant )" +
         chain + R"( : index
  %one = arith.constant 1 : i64
  %r00 = quantum.alloc( )" +
         n + R"() : !quantum.reg
  %r0 = scf.for %q = %c0 to %cn step %c1 iter_args(%ra = %r00) -> (!quantum.reg) {
    %qi = arith.index_cast %q : index to i64
    %b = quantum.extract %ra[%qi] : !quantum.reg -> !quantum.bit
    %h = quantum.custom "Hadamard"() %b : !quantum.bit
    %rb = quantum.insert %ra[%qi], %h : !quantum.reg, !quantum.bit
    scf.yield %rb : !quantum.reg
  }
  %rf = scf.for %l = %c0 to %c5 step %c1 iter_args(%r = %r0) -> (!quantum.reg) {
    %base = arith.muli %l, %c8 : index
    %parity = arith.remui %l, %c2 : index
    %even = arith.cmpi eq, %parity, %c0 : index
    %rot = scf.for %q = %c0 to %c4 step %c1 iter_args(%ra = %r) -> (!quantum.reg) {
      %qi = arith.index_cast %q : index to i64
      %i = arith.addi %base, %q : index
      %t = tensor.extract %w[%i] : tensor<40xf64>
      %b = quantum.extract %ra[%qi] : !quantum.reg -> !quantum.bit
      %b1 = scf.if %even -> (!quantum.bit) {
        %y = quantum.custom "RY"(%t) %b : !quantum.bit
        scf.yield %y : !quantum.bit
      } else {
        %x = quantum.custom "RX"(%t) %b : !quantum.bit
        scf.yield %x : !quantum.bit
      }
      %rb = quantum.insert %ra[%qi], %b1 : !quantum.reg, !quantum.bit
      scf.yield %rb : !quantum.reg
    }
    %i4 = arith.addi %base, %c4 : index
    %i5 = arith.addi %i4, %c1 : index
    %i6 = arith.addi %i5, %c1 : index
    %i7 = arith.addi %i6, %c1 : index
    %t4 = tensor.extract %w[%i4] : tensor<40xf64>
    %t5 = tensor.extract %w[%i5] : tensor<40xf64>
    %t6 = tensor.extract %w[%i6] : tensor<40xf64>
    %t7 = tensor.extract %w[%i7] : tensor<40xf64>
    %a0 = quantum.extract %rot[ 0] : !quantum.reg -> !quantum.bit
    %a1 = quantum.extract %rot[ 1] : !quantum.reg -> !quantum.bit
    %a2 = quantum.extract %rot[ 2] : !quantum.reg -> !quantum.bit
    %a3 = quantum.extract %rot[ 3] : !quantum.reg -> !quantum.bit
    %g01:2 = quantum.custom "CRX"(%t4) %a0, %a1 : !quantum.bit, !quantum.bit
    %g12:2 = quantum.custom "CRY"(%t5) %g01#1, %a2 : !quantum.bit, !quantum.bit
    %g23:2 = quantum.custom "CRZ"(%t6) %g12#1, %a3 : !quantum.bit, !quantum.bit
    %g30:2 = quantum.custom "CRX"(%t7) %g23#1, %g01#0 : !quantum.bit, !quantum.bit
    %s0 = quantum.insert %rot[ 0], %g30#1 : !quantum.reg, !quantum.bit
    %s1 = quantum.insert %s0[ 1], %g12#0 : !quantum.reg, !quantum.bit
    %s2 = quantum.insert %s1[ 2], %g23#0 : !quantum.reg, !quantum.bit
    %s3 = quantum.insert %s2[ 3], %g30#0 : !quantum.reg, !quantum.bit
    %ent = scf.for %q = %c0 to %cchain step %c1 iter_args(%ra = %s3) -> (!quantum.reg) {
      %qi = arith.index_cast %q : index to i64
      %qj = arith.addi %qi, %one : i64
      %a = quantum.extract %ra[%qi] : !quantum.reg -> !quantum.bit
      %b = quantum.extract %ra[%qj] : !quantum.reg -> !quantum.bit
      %ab:2 = quantum.custom "CNOT"() %a, %b : !quantum.bit, !quantum.bit
      %ra1 = quantum.insert %ra[%qi], %ab#0 : !quantum.reg, !quantum.bit
      %ra2 = quantum.insert %ra1[%qj], %ab#1 : !quantum.reg, !quantum.bit
      scf.yield %ra2 : !quantum.reg
    }
    scf.yield %ent : !quantum.reg
  }
  %z = quantum.extract %rf[ 0] : !quantum.reg -> !quantum.bit
  %x = quantum.extract %rf[ 2] : !quantum.reg -> !quantum.bit
  %oz = quantum.namedobs %z[PauliZ] : !quantum.obs
  %ox = quantum.namedobs %x[PauliX] : !quantum.obs
  %o = quantum.tensor %oz, %ox : !quantum.obs
  %e = quantum.expval %o : f64
  quantum.dealloc %rf : !quantum.reg
  return %e : f64
}

func.func @gradient(%w: tensor<40xf64>) -> tensor<40xf64> {
  %g = gradient.grad "auto" @layers(%w) : (tensor<40xf64>) -> tensor<40xf64>
  return %g : tensor<40xf64>
}
)";
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

struct Options {
  std::vector<int> qubits = {4, 8, 12, 14};
  int repeats = 9;
  int threads = 2;
  bool mpi = false;
};

bool parseOptions(int argc, char **argv, Options &options) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if (i + 1 >= argc)
      return false;
    llvm::StringRef value = argv[++i];
    if (arg == "--qubits") {
      options.qubits.clear();
      llvm::SmallVector<llvm::StringRef> parts;
      value.split(parts, ',');
      for (llvm::StringRef part : parts) {
        int n = 0;
        if (part.getAsInteger(10, n) || n < 4 || n > 24)
          return false;
        options.qubits.push_back(n);
      }
    } else if (arg == "--repeats") {
      if (value.getAsInteger(10, options.repeats) || options.repeats < 1)
        return false;
    } else if (arg == "--mpi") {
      options.mpi = value == "1";
    } else if (arg == "--threads") {
      if (value.getAsInteger(10, options.threads) || options.threads < 1)
        return false;
    } else {
      return false;
    }
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  Options options;
  if (!parseOptions(argc, argv, options)) {
    llvm::errs() << "usage: qgrad-bench-parallel-shift [--qubits 4,8,12,14] "
                    "[--repeats 9] [--threads 2] [--mpi 1]\n";
    return 2;
  }
  if (options.mpi && qgrad_rt_mpi_init() != QGRAD_RT_OK) {
    llvm::errs() << "error: " << qgrad_rt_last_error(nullptr) << "\n";
    return 1;
  }
  bool quiet = qgrad_rt_mpi_rank() != 0;
  std::vector<double> angles(40);
  for (int i = 0; i < 40; ++i)
    angles[i] = std::fmod(0.37 * i, 3.1) - 1.5;

  llvm::raw_ostream &out = quiet ? llvm::nulls() : llvm::outs();
  if (options.mpi)
    out << "parameter-shift gradient, 40 parameters (120 circuit "
           "evaluations), median of "
        << options.repeats << " calls each, " << qgrad_rt_mpi_size()
        << " ranks, one thread each: every rank evaluating on the "
           "distributed register and the evaluations spread over the ranks, "
           "alternating\n\n"
        << "| qubits | together (ms) | spread (ms) | speed-up | largest "
           "difference |\n"
        << "|---:|---:|---:|---:|---:|\n";
  else
    out << "parameter-shift gradient, 40 parameters (120 circuit "
           "evaluations), median of "
        << options.repeats << " calls each, threads 1 and " << options.threads
        << " alternating\n\n"
        << "| qubits | 1 thread (ms) | " << options.threads
        << " threads (ms) | speed-up | same bits |\n"
        << "|---:|---:|---:|---:|:---|\n";
  for (int qubits : options.qubits) {
    auto program = CompiledProgram::compileText(
        programText(qubits), "parallel-shift.mlir", {"gradient"});
    if (!program) {
      llvm::errs() << "error: " << llvm::toString(program.takeError()) << "\n";
      return 1;
    }
    auto call = [&](int threads, double &ms) -> std::vector<uint8_t> {
      qgrad_rt_set_num_threads(threads);
      std::vector<HostValue> arguments(1);
      arguments[0].isTensor = true;
      arguments[0].shape = {40};
      arguments[0].bytes.resize(40 * sizeof(double));
      std::memcpy(arguments[0].bytes.data(), angles.data(),
                  40 * sizeof(double));
      auto start = std::chrono::steady_clock::now();
      auto results = program->call("gradient", arguments);
      ms = std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now() - start)
               .count();
      if (!results) {
        llvm::errs() << "error: " << llvm::toString(results.takeError())
                     << "\n";
        std::exit(1);
      }
      const HostValue &g = results->front();
      return std::vector<uint8_t>(g.data(), g.data() + g.size());
    };
    double ms = 0;
    if (options.mpi) {
      // Spread (the default) against QGRAD_RT_MPI_SPREAD_QUBITS=0.
      auto callMpi = [&](bool spread, double &ms) {
        if (spread)
          unsetenv("QGRAD_RT_MPI_SPREAD_QUBITS");
        else
          setenv("QGRAD_RT_MPI_SPREAD_QUBITS", "0", 1);
        std::vector<uint8_t> bytes = call(1, ms);
        std::vector<double> values(bytes.size() / sizeof(double));
        std::memcpy(values.data(), bytes.data(), bytes.size());
        return values;
      };
      std::vector<double> reference = callMpi(true, ms);
      callMpi(false, ms);
      std::vector<double> together, spread;
      double worst = 0;
      bool repeatable = true;
      for (int r = 0; r < options.repeats; ++r) {
        std::vector<double> t = callMpi(false, ms);
        together.push_back(ms);
        repeatable &= callMpi(true, ms) == reference;
        spread.push_back(ms);
        for (size_t i = 0; i < t.size(); ++i)
          worst = std::max(worst, std::abs(t[i] - reference[i]));
      }
      unsetenv("QGRAD_RT_MPI_SPREAD_QUBITS");
      double a = median(together), b = median(spread);
      out << "| " << qubits << " | " << llvm::format("%.3f", a) << " | "
          << llvm::format("%.3f", b) << " | " << llvm::format("%.2f", a / b)
          << " | " << llvm::format("%.2g", worst) << " |\n";
      if (!repeatable || worst > 1e-12)
        return 1;
      continue;
    }
    std::vector<uint8_t> reference = call(1, ms);
    call(options.threads, ms); // warm-up: the worker threads start
    std::vector<double> serial, parallel;
    bool same = true;
    for (int r = 0; r < options.repeats; ++r) {
      same &= call(1, ms) == reference;
      serial.push_back(ms);
      same &= call(options.threads, ms) == reference;
      parallel.push_back(ms);
    }
    double s = median(serial), p = median(parallel);
    out << "| " << qubits << " | " << llvm::format("%.3f", s) << " | "
        << llvm::format("%.3f", p) << " | " << llvm::format("%.2f", s / p)
        << " | " << (same ? "yes" : "NO") << " |\n";
    if (!same)
      return 1;
  }
  qgrad_rt_set_num_threads(0);
  return 0;
}
