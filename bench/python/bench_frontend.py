"""The Python frontend against Catalyst and PennyLane + JAX, side by side.

    PYTHONPATH=build/python .venv/bin/python bench/python/bench_frontend.py [--quick]

For each program: the warm call time of its exact gradient (the fastest of
several rounds, contenders alternating within a round so that a change in
load hits all of them), a 200-step gradient-descent run inside one compiled
function, and the first call (tracing + compilation). Contenders:
  qgrad     qgrad.qjit / qgrad.grad (its own runtime; the qnode's device is
            only read for its wires)
  catalyst  qml.qjit + catalyst.grad on lightning.qubit (when installed:
            pip install pennylane-catalyst)
  pl-dq     jax.jit(jax.grad) of the qnode on default.qubit, adjoint
  pl-lq     the same on lightning.qubit, adjoint (when installed)
Ratios are contender time / qgrad time (> 1: qgrad is faster).
"""

import argparse
import os
import platform
import time

import jax
import jax.numpy as jnp
import numpy as np
import pennylane as qml

import qgrad

try:
    import catalyst
except ImportError:  # the optional tier
    catalyst = None


def has_lightning():
    try:
        qml.device("lightning.qubit", wires=1)
        return True
    except Exception:
        return False


# --- Programs: each builds (loss, args) for a device name. ---------------------


def vqe(wires, layers=2):
    def build(device_name):
        dev = qml.device(device_name, wires=wires)

        @qml.qnode(dev, diff_method="adjoint")
        def energy(theta):
            for layer in range(layers):
                for w in range(wires):
                    qml.RY(theta[layer, w], wires=w)
                for w in range(wires - 1):
                    qml.CNOT(wires=[w, w + 1])
            coeffs = [1.0] * (wires - 1) + [0.5] * wires
            ops = ([qml.Z(w) @ qml.Z(w + 1) for w in range(wires - 1)]
                   + [qml.X(w) for w in range(wires)])
            return qml.expval(qml.dot(coeffs, ops))

        theta = jnp.array(np.linspace(0.1, 0.9, layers * wires).reshape(layers, wires))
        return energy, (theta,)

    return build


def qml_model(wires=4, features=6):
    def build(device_name):
        dev = qml.device(device_name, wires=wires)
        rng = np.random.default_rng(7)
        x = jnp.array(rng.normal(size=features))
        target = jnp.array([0.3, -0.2, 0.5, 0.1])

        @qml.qnode(dev, diff_method="adjoint")
        def circuit(angles, weights):
            for w in range(wires):
                qml.RY(angles[w], wires=w)
            for w in range(wires):
                qml.RZ(weights[w], wires=w)
                qml.CNOT(wires=[w, (w + 1) % wires])
            for w in range(wires):
                qml.RX(weights[wires + w], wires=w)
            return [qml.expval(qml.Z(w)) for w in range(wires)]

        def loss(params):
            pre, weights = params["pre"], params["weights"]
            angles = jnp.tanh(pre @ x) * jnp.pi
            out = jnp.stack(circuit(angles, weights))
            return jnp.sum((jnp.tanh(2.0 * out) - target) ** 2)

        params = {"pre": jnp.array(rng.normal(size=(wires, features)) * 0.3),
                  "weights": jnp.array(rng.normal(size=2 * wires))}
        return loss, (params,)

    return build


PROGRAMS = {"vqe4": vqe(4), "vqe8": vqe(8), "qml4": qml_model()}


# --- Contenders: each turns (loss, args) into (gradient function, train). -------


def _trainer(jit, grad, loop):
    """`steps` gradient-descent steps of `loss` inside one compiled function,
    written with each contender's own jit, grad and loop."""
    def make(loss):
        @jit
        def train(params, steps):
            def step(i, p):
                g = grad(loss)(p)
                return jax.tree_util.tree_map(lambda a, b: a - 0.05 * b, p, g)
            return loop(0, steps, step, params)
        return train
    return make


def _loop_of(for_loop):
    return lambda lower, upper, body, init: for_loop(lower, upper, 1)(body)(init)


def qgrad_contender(loss, args):
    train = _trainer(qgrad.qjit, qgrad.grad, _loop_of(qgrad.for_loop))
    return qgrad.grad(loss), train(loss)


def catalyst_contender(loss, args):
    train = _trainer(qml.qjit, catalyst.grad, _loop_of(catalyst.for_loop))
    return qml.qjit(catalyst.grad(loss)), train(loss)


def jax_contender(loss, args):
    train = _trainer(jax.jit, jax.grad, jax.lax.fori_loop)
    return jax.jit(jax.grad(loss)), train(loss)


def block(tree):
    return jax.tree_util.tree_map(
        lambda a: a.block_until_ready() if hasattr(a, "block_until_ready") else a, tree)


def timed(fn, *args):
    start = time.perf_counter()
    block(fn(*args))
    return time.perf_counter() - start


def leaves_close(a, b, tol=1e-8):
    return all(np.allclose(np.asarray(x), np.asarray(y), rtol=tol, atol=tol)
               for x, y in zip(jax.tree_util.tree_leaves(a), jax.tree_util.tree_leaves(b)))


def machine():
    model = "unknown"
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = os.getloadavg()[0]
    return f"{model}, {os.cpu_count()} cores, {platform.python_version()}, load {load:.2f}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", action="append")
    parser.add_argument("--steps", type=int, default=200)
    options = parser.parse_args()
    rounds = 3 if options.quick else 7
    calls = 20 if options.quick else 100
    steps = 20 if options.quick else options.steps

    contenders = [("qgrad", qgrad_contender, "default.qubit")]
    if catalyst is not None and has_lightning():
        contenders.append(("catalyst", catalyst_contender, "lightning.qubit"))
    contenders.append(("pl-dq", jax_contender, "default.qubit"))
    if has_lightning():
        contenders.append(("pl-lq", jax_contender, "lightning.qubit"))
    print(f"machine: {machine()}")
    print(f"contenders: {', '.join(name for name, _, _ in contenders)}"
          + ("" if catalyst else " (catalyst not installed)"))

    for program, build in PROGRAMS.items():
        if options.only and program not in options.only:
            continue
        built = {}
        first, warm, train_time, reference = {}, {}, {}, None
        failed = {}
        for name, make, device_name in contenders:
            loss, args = build(device_name)
            gradient, train = make(loss, args)
            try:
                first[name] = timed(gradient, *args)
            except Exception as error:  # reported, not hidden
                failed[name] = str(error).splitlines()[0][:100]
                continue
            result = block(gradient(*args))
            if reference is None:
                reference = result
            elif not leaves_close(result, reference):
                raise SystemExit(f"{program}: {name}'s gradient differs from qgrad's")
            built[name] = (gradient, train, args)
        # Warm gradients: contenders alternate within each round.
        for _ in range(rounds):
            for name, (gradient, _, args) in built.items():
                t = min(timed(gradient, *args) for _ in range(calls))
                warm[name] = min(warm.get(name, np.inf), t)
        for name, (_, train, args) in list(built.items()):
            try:
                block(train(*args, steps))  # compile
            except Exception as error:
                failed[name + " (train)"] = str(error).splitlines()[0][:100]
                train_time[name] = np.nan
        trainable = {n: b for n, b in built.items() if n not in train_time}
        for _ in range(max(2, rounds // 2)):
            for name, (_, train, args) in trainable.items():
                t = timed(train, *args, steps)
                train_time[name] = min(train_time.get(name, np.inf), t)
        print(f"\n{program}")
        print(f"  {'contender':10} {'first call':>12} {'warm grad':>12} {'x qgrad':>8} "
              f"{steps:>4}-step run {'x qgrad':>8}")
        for name in built:
            print(f"  {name:10} {first[name] * 1e3:10.1f}ms {warm[name] * 1e6:10.1f}us "
                  f"{warm[name] / warm['qgrad']:8.2f} {train_time[name] * 1e3:11.2f}ms "
                  f"{train_time[name] / train_time['qgrad']:8.2f}")
        for name, reason in failed.items():
            print(f"  {name:10} failed: {reason}")


if __name__ == "__main__":
    main()
