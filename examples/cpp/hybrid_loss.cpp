//===- hybrid_loss.cpp - A hybrid program built and trained in C++ --------===//
//
// The C++ door into qgrad (include/qgrad/Builder/Program.h): a two-qubit
// qnode whose angles classical code computes, a loss around it, compiled
// once; then gradient descent with the exact gradient. Prints the loss and
// the angles, one step per line.
//
//   build/bin/qgrad-example-hybrid-loss [steps]
//
//===----------------------------------------------------------------------===//

#include "qgrad/Builder/Program.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace qgrad::builder;

int main(int argc, char **argv) {
  int steps = argc > 1 ? std::atoi(argv[1]) : 20;
  Program program;
  // <Z0 Z1> after RX(2a) RY(sin b) on wire 0, CNOT, RY(a b) on wire 1.
  FunctionRef circuit =
      program.qnode("circuit", 2, 2, DiffMethod::Adjoint,
                    [](Circuit &c, std::span<const Scalar> x) {
                      c.gate("RX", {2.0 * x[0]}, {0});
                      c.gate("RY", {sin(x[1])}, {0});
                      c.gate("CNOT", {}, {0, 1});
                      c.gate("RY", {x[0] * x[1]}, {1});
                      return c.expval(PauliZ(0) * PauliZ(1));
                    });
  // loss(a, b) = (1 - <Z0 Z1>)^2 / 4 + 0.01 (a^2 + b^2)
  FunctionRef loss =
      program.function("loss", 2, [&](Body &b, std::span<const Scalar> x) {
        Scalar e = b.call(circuit, {x[0], x[1]});
        Scalar gap = 1.0 - e;
        return gap * gap / 4.0 + 0.01 * (x[0] * x[0] + x[1] * x[1]);
      });
  auto compiled = program.compile(loss);
  if (!compiled) {
    llvm::errs() << "error: " << llvm::toString(compiled.takeError()) << "\n";
    return 1;
  }
  double x[2] = {0.9, -0.4}, g[2];
  for (int step = 0; step <= steps; ++step) {
    double value = compiled->valueAndGradient(x, g);
    llvm::outs() << llvm::format("step %2d  loss %.12f  angles %.9f %.9f\n",
                                 step, value, x[0], x[1]);
    for (int i = 0; i < 2; ++i)
      x[i] -= 0.5 * g[i];
  }
  return 0;
}
