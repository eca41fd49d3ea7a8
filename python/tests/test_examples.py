"""The programs of examples/ and bench/programs, rewritten in Python, and a
program per gate of qgrad's gate table under its PennyLane name."""

import math

import jax
import jax.numpy as jnp
import pennylane as qml
import pytest

import qgrad
from conftest import central_differences


def test_sin_times_x(check):
    # examples/sin_times_x.mlir
    check(lambda x: jnp.sin(x) * x, (0.5,))
    assert qgrad.qjit(lambda x: jnp.sin(x) * x)(0.5) == pytest.approx(
        0.2397127693021015, abs=1e-16)


def test_matvec_norm(check):
    # examples/matvec.mlir: y = A x + b and |y|
    def f(a, x, b):
        y = a @ x + b
        return jnp.sqrt(jnp.sum(y * y))

    check(f, (jnp.array([[1.0, 2.0], [3.0, 4.0]]), jnp.array([1.0, 1.0]),
              jnp.array([0.5, -0.5])), argnums=(0, 1, 2))


def test_softmax_cross_entropy(check):
    # examples/softmax.mlir, with a loss on top so there is a gradient.
    def f(v):
        p = jax.nn.softmax(v)
        return -jnp.sum(jnp.array([0.2, 0.3, 0.5]) * jnp.log(p))

    check(f, (jnp.array([1.0, 2.0, 3.0]),))


def test_taylor_exp():
    # examples/taylor_exp.mlir: a loop whose trip count is an argument.
    def f(x, n):
        def body(i, state):
            term, total = state
            term = term * x / i
            return term, total + term
        return qgrad.for_loop(1, n, 1)(body)((1.0, 1.0))[1]

    # JAX cannot differentiate a loop with a traced trip count in reverse
    # mode; qgrad can. d/dx of the n-term series is the (n-1)-term one.
    x, n = 0.8, 20
    assert qgrad.qjit(f)(x, n) == pytest.approx(
        sum(x ** k / math.factorial(k) for k in range(n)), rel=1e-15)
    assert qgrad.grad(f)(x, n) == pytest.approx(
        sum(x ** k / math.factorial(k) for k in range(n - 1)), rel=1e-14)
    assert qgrad.grad(f)(x, n) == pytest.approx(
        central_differences(qgrad.qjit(f), (x, n), 0), rel=1e-8)


def test_hybrid_qnode(check):
    # examples/hybrid_qnode.mlir: loss(x) = (1 - cos 2x)^2 = 4 sin^4 x.
    @qml.qnode(qml.device("default.qubit", wires=2), diff_method="adjoint")
    def circuit(theta):
        qml.RX(theta, wires=0)
        qml.CNOT(wires=[0, 1])
        return qml.expval(qml.PauliZ(1))

    def loss(x):
        return (1.0 - circuit(2.0 * x)) ** 2

    check(loss, (0.5,))
    x = 0.5
    assert qgrad.grad(loss)(x) == pytest.approx(16 * math.sin(x) ** 3 * math.cos(x),
                                                abs=1e-12)


def test_gmm_like_kernel(check):
    # bench/programs/gmm.mlir's objective on a few points.
    d, n = 2, 5  # 3 components
    points = jnp.array([[2 * math.sin(0.37 * i + 1.3 * j) for j in range(d)]
                        for i in range(n)])

    def objective(alphas, means, icf):
        centred = points[:, None, :] - means[None, :, :]
        terms = alphas + jnp.sum(icf, axis=1) - 0.5 * jnp.sum(
            (jnp.exp(icf)[None] * centred) ** 2, axis=2)
        top = jnp.max(terms, axis=1)
        lse = top + jnp.log(jnp.sum(jnp.exp(terms - top[:, None]), axis=1))
        return (jnp.sum(lse) - n * jnp.log(jnp.sum(jnp.exp(alphas)))
                + 0.5 * jnp.sum(jnp.exp(2 * icf)))

    alphas = jnp.array([0.1, 0.2, 0.3])
    means = jnp.array([[0.1, -0.2], [0.5, 0.6], [-0.9, 1.0]])
    icf = jnp.array([[0.1, 0.2], [0.05, -0.05], [0.0, 0.1]])
    check(objective, (alphas, means, icf), argnums=(0, 1, 2))


def test_many_qnodes(check):
    # bench/programs/many_qnodes.mlir's shape: several qnodes in one loss.
    dev = qml.device("default.qubit", wires=2)
    qnodes = []
    for i, method in enumerate(["adjoint", "parameter-shift", "best"]):
        @qml.qnode(dev, diff_method=method)
        def q(a, i=i):
            qml.RY(a * (i + 1), wires=0)
            qml.CNOT(wires=[0, 1])
            qml.RX(a - i, wires=1)
            return qml.expval(qml.PauliZ(1))
        qnodes.append(q)

    def loss(a):
        return sum(jnp.sin(q(a)) for q in qnodes)

    check(loss, (0.35,))


ONE_PARAMETER = ["RX", "RY", "RZ", "PhaseShift"]
TWO_WIRE_PARAMETER = ["IsingXX", "IsingYY", "IsingXY", "IsingZZ", "CRX", "CRY", "CRZ",
                      "ControlledPhaseShift"]
FIXED = ["PauliX", "PauliY", "PauliZ", "Hadamard", "S", "T", "CNOT", "CY", "CZ", "SWAP",
         "Toffoli", "CSWAP"]


def _prepare(x):
    """A state with amplitudes everywhere, so each gate's effect is visible."""
    for w in range(3):
        qml.RY(0.3 + 0.4 * w + x, wires=w)
        qml.RZ(0.2 * w - x, wires=w)


def observable():
    return qml.PauliX(0) @ qml.PauliY(1) + 0.7 * qml.PauliZ(2) + 0.3 * qml.PauliY(0)


@pytest.mark.parametrize("gate", ONE_PARAMETER + TWO_WIRE_PARAMETER + ["Rot", "CRot"])
@pytest.mark.parametrize("method", ["adjoint", "parameter-shift"])
def test_parametrised_gate(check, gate, method):
    op = getattr(qml, gate)
    wires = op.num_wires

    @qml.qnode(qml.device("default.qubit", wires=3), diff_method=method)
    def circuit(x, y):
        _prepare(y)
        if gate in ("Rot", "CRot"):
            op(x, 2 * x, -x, wires=list(range(wires)))
        else:
            op(x, wires=list(range(wires)))
        return qml.expval(observable())

    check(circuit, (0.41, 0.2), argnums=(0, 1))


@pytest.mark.parametrize("gate", FIXED)
def test_fixed_gate(check, gate):
    op = getattr(qml, gate)

    @qml.qnode(qml.device("default.qubit", wires=3), diff_method="adjoint")
    def circuit(y):
        _prepare(y)
        op(wires=list(range(op.num_wires)))
        qml.adjoint(op(wires=list(reversed(range(op.num_wires)))))
        return qml.expval(observable())

    check(circuit, (0.2,))
