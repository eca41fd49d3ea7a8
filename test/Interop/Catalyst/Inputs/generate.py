#!/usr/bin/env python3
"""Regenerates test/Interop/Catalyst: each program below is compiled by
Catalyst (pennylane-catalyst 0.15, `qjit(keep_intermediate=True)`), and the
stage after its HLO lowering (2_AfterHLOLoweringStage.mlir: func, arith,
math, tensor, linalg, scf plus quantum and gradient ops) is written to
<name>.mlir with a RUN line for `qgrad run` and CHECK lines holding the
values Catalyst printed for the same arguments.

    python3 -m venv /tmp/cat && /tmp/cat/bin/pip install pennylane-catalyst
    /tmp/cat/bin/python generate.py   # from this directory
"""
import os
import shutil
import tempfile

import jax.numpy as jnp
import numpy as np
import pennylane as qml
from catalyst import (cond, for_loop, grad, jacobian, jvp, qjit,
                      value_and_grad, vjp, while_loop)

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.dirname(HERE)
PROGRAMS = []


def program(*args, doc=""):
    def register(fn):
        PROGRAMS.append((fn, args, doc))
        return fn
    return register


def dev(wires):
    return qml.device("lightning.qubit", wires=wires)


def rx_circuit(method):
    @qml.qnode(dev(1), diff_method=method)
    def circuit(x):
        qml.RX(x, wires=0)
        return qml.expval(qml.PauliZ(0))
    return circuit


@program(0.5, doc="grad of a parameter-shift qnode")
def grad_ps(x):
    return grad(rx_circuit("parameter-shift"))(x)


@program(0.5, doc="grad of an adjoint qnode")
def grad_adjoint(x):
    return grad(rx_circuit("adjoint"))(x)


@program(0.5, doc="grad by finite differences (method='fd')")
def grad_fd(x):
    return grad(rx_circuit("parameter-shift"), method="fd", h=1e-7)(x)


@program(0.4, doc="classical pre- and post-processing around a qnode")
def hybrid_classical(x):
    @qml.qnode(dev(2), diff_method="parameter-shift")
    def circuit(a):
        qml.RX(2 * a, wires=0)
        qml.RY(jnp.sin(a), wires=0)
        qml.CNOT(wires=[0, 1])
        qml.RY(a ** 2, wires=1)
        return qml.expval(qml.PauliZ(0) @ qml.PauliZ(1))

    def loss(a):
        return jnp.cos(circuit(a)) ** 2
    return grad(loss)(x)


@program(0.3, doc="value_and_grad")
def value_and_grad_prog(x):
    return value_and_grad(rx_circuit("adjoint"))(x)


@program(np.array([0.1, 0.2, 0.3]), doc="gradient with respect to an array (Rot)")
def grad_array(w):
    @qml.qnode(dev(1), diff_method="parameter-shift")
    def circuit(w):
        qml.Rot(w[0], w[1], w[2], wires=0)
        return qml.expval(qml.PauliX(0))
    return grad(circuit)(w)


@program(0.5, np.array([0.1, 0.2]), doc="two arguments, argnums=(0, 1)")
def grad_argnums(x, w):
    @qml.qnode(dev(2), diff_method="adjoint")
    def circuit(x, w):
        qml.RX(x, wires=0)
        qml.CNOT(wires=[0, 1])
        qml.RY(w[0], wires=1)
        qml.RZ(w[1], wires=1)
        qml.RX(x * w[1], wires=1)
        return qml.expval(qml.PauliZ(1))
    return grad(circuit, argnums=(0, 1))(x, w)


@program(0.6, doc="two qnodes (parameter shift and adjoint), each differentiated")
def two_qnodes(x):
    # (One gradient through both qnodes crashes Catalyst 0.15 itself.)
    @qml.qnode(dev(1), diff_method="parameter-shift")
    def first(x):
        qml.RX(x, wires=0)
        return qml.expval(qml.PauliZ(0))

    @qml.qnode(dev(1), diff_method="adjoint")
    def second(x):
        qml.RY(x, wires=0)
        return qml.expval(qml.PauliX(0))
    return grad(first)(x) * 2.0 + grad(second)(2 * x)


@program(np.array([0.6, 1.4]), doc="jacobian of probs")
def jacobian_probs(v):
    @qml.qnode(dev(2), diff_method="parameter-shift")
    def circuit(v):
        qml.RY(v[0], wires=0)
        qml.CNOT(wires=[0, 1])
        qml.RY(v[1], wires=1)
        return qml.probs(wires=[0, 1])
    return jacobian(circuit)(v)


@program(0.7, doc="a Hamiltonian expectation value")
def hamiltonian(x):
    @qml.qnode(dev(2), diff_method="parameter-shift")
    def circuit(x):
        qml.RX(x, wires=0)
        qml.RY(2 * x, wires=1)
        qml.CNOT(wires=[0, 1])
        H = qml.Hamiltonian([0.5, -0.3, 0.2],
                            [qml.PauliZ(0), qml.PauliX(1), qml.PauliZ(0) @ qml.PauliZ(1)])
        return qml.expval(H)
    return grad(circuit)(x)


@program(0.3, doc="a for_loop of gates whose count is fixed")
def for_loop_gates(x):
    @qml.qnode(dev(1), diff_method="parameter-shift")
    def circuit(x):
        @for_loop(0, 4, 1)
        def body(i):
            qml.RX(x * (i + 1), wires=0)
        body()
        return qml.expval(qml.PauliZ(0))
    return grad(circuit)(x)


@program(0.3, 3, doc="a for_loop whose trip count is an argument")
def for_loop_dynamic(x, n):
    @qml.qnode(dev(1), diff_method="parameter-shift")
    def circuit(x, n):
        @for_loop(0, n, 1)
        def body(i):
            qml.RY(x, wires=0)
        body()
        return qml.expval(qml.PauliZ(0))
    return grad(circuit, argnums=0)(x, n)


@program(0.2, doc="a while_loop in classical code")
def while_loop_classical(x):
    def f(x):
        @while_loop(lambda v: v < 2.0)
        def loop(v):
            return v * 1.5 + x
        return loop(x) * jnp.sin(x)
    return grad(f)(x)


@program(0.8, doc="cond on a classical value inside a qnode")
def cond_qnode(x):
    @qml.qnode(dev(1), diff_method="parameter-shift")
    def circuit(x):
        @cond(x > 0.5)
        def branch():
            qml.RX(x, wires=0)

        @branch.otherwise
        def branch():
            qml.RY(x, wires=0)
        branch()
        return qml.expval(qml.PauliZ(0))
    return grad(circuit)(x)


@program(0.5, 1.0, doc="jvp of a qnode")
def jvp_prog(x, t):
    return jvp(rx_circuit("parameter-shift"), (x,), (t,))


@program(0.5, 1.0, doc="vjp of a qnode")
def vjp_prog(x, ct):
    return vjp(rx_circuit("adjoint"), (x,), (ct,))


@program(np.array([0.1, -0.4]), doc="a two-qubit VQE-style ansatz, adjoint")
def vqe(w):
    @qml.qnode(dev(2), diff_method="adjoint")
    def circuit(w):
        qml.Hadamard(wires=0)
        qml.RY(w[0], wires=0)
        qml.CNOT(wires=[0, 1])
        qml.RX(w[1], wires=1)
        qml.CRX(w[0] * w[1], wires=[1, 0])
        qml.RY(w[1], wires=1)
        return qml.expval(qml.PauliZ(0) @ qml.PauliZ(1))
    return grad(circuit)(w)


def literal(value):
    value = np.asarray(value)
    if value.ndim == 0:
        return repr(float(value)) if value.dtype.kind == "f" else str(int(value))
    return "[" + ", ".join(literal(v) for v in value) + "]"


def flatten_result(result):
    if isinstance(result, (tuple, list)):
        out = []
        for r in result:
            out.extend(flatten_result(r))
        return out
    return [np.asarray(result)]


def main():
    for fn, args, doc in PROGRAMS:
        work = tempfile.mkdtemp()
        cwd = os.getcwd()
        os.chdir(work)
        try:
            compiled = qjit(keep_intermediate=True)(fn)
            result = compiled(*args)
            stage = os.path.join(work, fn.__name__, "2_AfterHLOLoweringStage.mlir")
            with open(stage) as f:
                ir = f.read()
        except Exception as error:  # Catalyst itself failed: say so, go on
            print(fn.__name__, "SKIPPED: Catalyst failed:",
                  str(error).splitlines()[0][:200])
            continue
        finally:
            os.chdir(cwd)
            shutil.rmtree(work, ignore_errors=True)
        values = flatten_result(result)
        arg_text = " ".join("'%s'" % literal(a) for a in args)
        lines = [f"// {doc}: emitted by Catalyst 0.15 (Inputs/generate.py);",
                 "// the CHECK lines are the values Catalyst printed.",
                 f"// RUN: qgrad run %s --entry jit_{fn.__name__} {arg_text} | FileCheck %s"]
        for k, v in enumerate(values):
            prefix = "CHECK" if k == 0 else "CHECK-NEXT"
            lines.append(f"// {prefix}: {{{{^}}}}{pattern(v)}")
        with open(os.path.join(OUT, fn.__name__ + ".mlir"), "w") as f:
            f.write("\n".join(lines) + "\n" + ir)
        print(fn.__name__, [v.tolist() for v in values])


def pattern(value):
    """qgrad prints 17 significant digits; match Catalyst's value to 10."""
    value = np.asarray(value, dtype=float)
    if value.ndim == 0:
        return digits(float(value))
    # "[[" would start a FileCheck variable.
    return "{{\\[}}" + ", ".join(pattern(v) for v in value) + "]"


def digits(v):
    # The leading 10 significant digits as qgrad prints them, then anything.
    if v == 0.0:
        return "{{-?0(\\.0*)?(e[-+0-9]*)?[0-9]*}}"
    text = "%.9e" % v
    mantissa, exponent = text.split("e")
    e = int(exponent)
    if -5 <= e < 0:
        lead = "-" if v < 0 else ""
        m = mantissa.lstrip("-").replace(".", "")
        return lead + "0." + "0" * (-e - 1) + m[:-1] + "{{[0-9]*}}"
    if 0 <= e < 10:
        lead = "-" if v < 0 else ""
        m = mantissa.lstrip("-").replace(".", "")
        return lead + m[:e + 1] + "." + m[e + 1:-1] + "{{[0-9]*}}"
    return "{{" + text[:8].replace(".", "\\.").replace("-", "\\-") + "[0-9]*e[-+0-9]+}}"


if __name__ == "__main__":
    main()
