"""qgrad's runtime against PennyLane-Lightning on the layered circuit.

    .venv/bin/python bench/runtime/compare_lightning.py [--build build] [--rounds 5]

The circuits of qgrad-bench-runtime (bench/runtime/Circuits.cpp): 20 qubits,
layers of RX(a) RY(a / 2 + 0.3) on every wire then a CNOT ring. Timed side
by side, alternating within each round so that a change in load hits both:

  forward    10 layers (600 gates): qgrad's layered20_seconds against
             lightning.qubit's execution of the same circuit to <Z0>
  gradient   5 layers (200 parameters): the Jacobian of <Z0> with respect to
             every angle by the adjoint method, forward pass included:
             qgrad's forward20_seconds + adjoint20_seconds against
             lightning.qubit's qml.jacobian of a diff_method="adjoint" qnode

qgrad's figures are qgrad-bench-runtime's own minima (--only layered /
--only adjoint --json, one thread); Lightning's are minima over as many
repetitions, OMP_NUM_THREADS=1, and include PennyLane's per-call Python
overhead (building the tape), which is small next to 20-qubit passes.
Lightning is the optional tier: without it the script says so and exits 0.
Both simulators are checked against PennyLane's values elsewhere
(runtime/test/oracle.py); here Lightning's first calls only warm it up.
"""

import argparse
import json
import os
import subprocess
import sys
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")

N = 20


def angles(layers, seed):
    out = []
    for layer in range(layers):
        for w in range(N):
            rx = seed + 0.01 * (layer * N + w)
            out.append((rx, 0.5 * rx + 0.3))
    return out


def lightning_timers(repetitions, layers, seed):
    import numpy as np
    import pennylane as qml

    try:
        dev = qml.device("lightning.qubit", wires=N)
    except Exception as error:  # the optional tier
        print(f"lightning.qubit is not available ({error}); skipped")
        return None
    params = np.array([a for pair in angles(layers, seed) for a in pair])

    def body(p):
        k = 0
        for _ in range(layers):
            for w in range(N):
                qml.RX(p[k], wires=w)
                qml.RY(p[k + 1], wires=w)
                k += 2
            for w in range(N):
                qml.CNOT(wires=[w, (w + 1) % N])
        return qml.expval(qml.PauliZ(0))

    forward = qml.QNode(body, dev, diff_method=None)
    adjoint = qml.QNode(body, dev, diff_method="adjoint")
    jacobian = qml.jacobian(adjoint)
    pnp_params = qml.numpy.array(params, requires_grad=True)

    def best(fn):
        times = []
        for _ in range(repetitions):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        return min(times)

    value = forward(params)
    grad = jacobian(pnp_params)
    return {
        "value": float(value),
        "gradient": np.asarray(grad),
        "forward": lambda: best(lambda: forward(params)),
        "adjoint": lambda: best(lambda: jacobian(pnp_params)),
    }


def qgrad_time(build, only):
    out = subprocess.run([os.path.join(build, "bin", "qgrad-bench-runtime"), "--only",
                          only, "--json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repetitions", type=int, default=5)
    args = parser.parse_args()

    # The seeds of qgrad-bench-runtime's two circuits (BenchRuntime.cpp).
    layered = lightning_timers(args.repetitions, 10, 0.1)
    if layered is None:
        return 0
    gradient = lightning_timers(args.repetitions, 5, 0.2)
    rows = {"qgrad forward": [], "lightning forward": [], "qgrad adjoint": [],
            "lightning adjoint": []}
    for _ in range(args.rounds):
        ours = qgrad_time(args.build, "layered")
        rows["qgrad forward"].append(ours["layered20_seconds"])
        rows["lightning forward"].append(layered["forward"]())
        ours = qgrad_time(args.build, "adjoint")
        rows["qgrad adjoint"].append(ours["forward20_seconds"] + ours["adjoint20_seconds"])
        rows["lightning adjoint"].append(gradient["adjoint"]())
    best = {k: min(v) for k, v in rows.items()}
    print(f"load average {os.getloadavg()[0]:.1f}; {args.rounds} rounds, minima; "
          f"OMP_NUM_THREADS={os.environ['OMP_NUM_THREADS']}")
    for key, value in best.items():
        print(f"  {key:20s} {value * 1e3:9.1f} ms"
              + ("  (10 layers)" if "forward" in key else "  (5 layers, forward + adjoint)"))
    print(f"  lightning / qgrad, forward: {best['lightning forward'] / best['qgrad forward']:.2f}")
    print(f"  lightning / qgrad, adjoint: {best['lightning adjoint'] / best['qgrad adjoint']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
