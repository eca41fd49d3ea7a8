#!/usr/bin/env python3
"""Independent reference values for the bench programs (bench/programs).

A small NumPy state-vector simulator and the classical code of each program,
written from the programs' header comments. Derivatives: complex step for the
purely classical GMM (exact to rounding), central differences (h = 1e-5,
error ~1e-10) for the hybrid programs. Prints one FileCheck line per program
in the format of `qgrad-bench-pipeline --once`; the .test files next to this
directory hold its output. Not run by the tests (NumPy is not a test
dependency); rerun it when a program changes.
"""
import math
import sys

import numpy as np

I2 = np.eye(2, dtype=complex)
X = np.array([[0, 1], [1, 0]], dtype=complex)
Y = np.array([[0, -1j], [1j, 0]])
Z = np.diag([1.0, -1.0]).astype(complex)
H = np.array([[1, 1], [1, -1]], dtype=complex) / math.sqrt(2)
PAULI = {"PauliX": X, "PauliY": Y, "PauliZ": Z}


def rot(pauli, t):
    return math.cos(t / 2) * I2 - 1j * math.sin(t / 2) * pauli


def one_qubit(name, t=None):
    if name == "Hadamard":
        return H
    if name == "PhaseShift":
        return np.diag([1, np.exp(1j * t)])
    return rot({"RX": X, "RY": Y, "RZ": Z}[name], t)


class State:
    """Wire 0 is the most significant bit of the basis index."""

    def __init__(self, wires):
        self.n = wires
        self.psi = np.zeros([2] * wires, dtype=complex)
        self.psi[(0,) * wires] = 1

    def apply(self, matrix, wires):
        k = len(wires)
        op = matrix.reshape([2] * (2 * k))
        moved = np.tensordot(op, self.psi, axes=(list(range(k, 2 * k)), wires))
        self.psi = np.moveaxis(moved, list(range(k)), wires)

    def gate(self, name, wires, t=None):
        if len(wires) == 1:
            self.apply(one_qubit(name, t), wires)
            return
        if name == "IsingXX":
            m = math.cos(t / 2) * np.eye(4) - 1j * math.sin(t / 2) * np.kron(X, X)
        else:
            target = {"CNOT": X, "CZ": Z, "CRY": rot(Y, t) if t is not None else None}[name]
            m = np.eye(4, dtype=complex)
            m[2:, 2:] = target
        self.apply(m, wires)

    def expval(self, factors):
        """<prod of (pauli, wire)>."""
        phi = State.__new__(State)
        phi.n, phi.psi = self.n, self.psi.copy()
        for pauli, wire in factors:
            phi.apply(PAULI[pauli], [wire])
        return float(np.vdot(self.psi, phi.psi).real)


def central(f, x, h=1e-5):
    x = np.array(x, dtype=float)
    g = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        up, down = x.copy(), x.copy()
        up[i] += h
        down[i] -= h
        g[i] = (f(up) - f(down)) / (2 * h)
    return g


def complex_step(f, x, h=1e-30):
    x = np.array(x, dtype=complex)
    g = np.zeros(x.shape)
    for i in np.ndindex(x.shape):
        xs = x.copy()
        xs[i] += 1j * h
        g[i] = f(xs).imag / h
    return g


# gmm.mlir
ALPHAS = [0.1, 0.2, 0.3, 0.4, 0.5]
MEANS = [[0.1, -0.2, 0.3, -0.4], [0.5, 0.6, -0.7, 0.8], [-0.9, 1.0, 1.1, -1.2],
         [1.3, -1.4, 0.5, 0.6], [-0.7, 0.8, -0.9, 0.2]]
ICF = [[0.1, 0.2, -0.1, 0.0], [0.05, -0.05, 0.1, 0.2], [0.0, 0.1, 0.2, -0.2],
       [0.3, -0.1, 0.0, 0.1], [-0.2, 0.0, 0.1, 0.05]]
POINTS = 20000


def gmm(alphas, means, icf):
    i = np.arange(POINTS)[:, None]
    d = np.arange(4)[None, :]
    x = 2 * np.sin(0.37 * i + 1.3 * d)  # (n, D)
    centered = x[:, None, :] - means[None, :, :]  # (n, K, D)
    scaled = np.exp(icf)[None] * centered
    terms = alphas[None] + icf.sum(1)[None] - 0.5 * (scaled**2).sum(2)
    data = np.log(np.exp(terms).sum(1)).sum()
    return -(data - POINTS * np.log(np.exp(alphas).sum())) + 0.5 * np.exp(2 * icf).sum()


def gmm_gradient():
    a, m, q = (np.array(v, dtype=complex) for v in (ALPHAS, MEANS, ICF))
    return np.concatenate([
        complex_step(lambda v: gmm(v, m, q), a).ravel(),
        complex_step(lambda v: gmm(a, v, q), m).ravel(),
        complex_step(lambda v: gmm(a, m, v), q).ravel()])


# vqe.mlir
VQE_PARAMS = np.array([[[0.1, 0.47], [0.84, 1.21], [1.58, 0.25], [0.62, 0.99], [1.36, 1.73], [0.4, 0.77]],
                       [[1.14, 1.51], [0.18, 0.55], [0.92, 1.29], [1.66, 0.33], [0.7, 1.07], [1.44, 0.11]],
                       [[0.48, 0.85], [1.22, 1.59], [0.26, 0.63], [1.0, 1.37], [1.74, 0.41], [0.78, 1.15]]])
VQE_TERMS = [(1.0, [("PauliZ", 0), ("PauliZ", 1)]), (0.9, [("PauliZ", 1), ("PauliZ", 2)]),
             (1.1, [("PauliZ", 2), ("PauliZ", 3)]), (0.8, [("PauliZ", 3), ("PauliZ", 4)]),
             (1.2, [("PauliZ", 4), ("PauliZ", 5)])] + \
            [(c, [("PauliX", w)]) for w, c in enumerate([0.5, 0.4, 0.6, 0.3, 0.7, 0.45])] + \
            [(0.25, [("PauliY", 0), ("PauliY", 1)])]


def vqe(params):
    s = State(6)
    for layer in params:
        for w in range(6):
            s.gate("RY", [w], layer[w][0])
            s.gate("RZ", [w], layer[w][1])
        for w in range(5):
            s.gate("CNOT", [w, w + 1])
    return sum(c * s.expval(f) for c, f in VQE_TERMS)


# qml.mlir
QML_X = np.array([0.5, -1.0, 0.25, 0.8, -0.3, 1.2, 0.0, -0.6])
QML_W = np.array([[0.1, 0.2, -0.1, 0.05, 0.3, -0.2, 0.15, 0.0], [-0.3, 0.1, 0.2, 0.0, -0.1, 0.25, 0.05, 0.1],
                  [0.2, -0.15, 0.1, 0.3, 0.0, -0.05, 0.2, -0.1], [0.05, 0.3, -0.2, 0.1, 0.15, 0.0, -0.25, 0.2]])
QML_B = np.array([0.1, -0.1, 0.2, 0.0])
QML_THETA = np.array([[[0.3, 0.6], [0.9, 1.2], [1.5, 0.2], [0.4, 0.7]],
                      [[1.0, 0.3], [0.8, 0.5], [0.1, 1.4], [0.6, 0.9]]])
QML_Y = np.array([1.0, 0.0, 1.0, 0.0])


def qml_loss(w, theta):
    angles = math.pi * np.tanh(w @ QML_X + QML_B)
    s = State(4)
    for j in range(4):
        s.gate("RY", [j], angles[j])
    for layer in theta:
        for j in range(4):
            s.gate("RX", [j], layer[j][0])
            s.gate("RZ", [j], layer[j][1])
        for j in range(4):
            s.gate("CZ", [j, (j + 1) % 4])
    e = [s.expval([("PauliZ", j)]) for j in range(4)]
    return sum(((1 + e[j]) / 2 - QML_Y[j]) ** 2 for j in range(4)) + 0.1 * e[0] * e[1]


# layers.mlir
LAYERS_THETA = np.array([0.4, -0.7, 1.1, 0.3])
LAYERS = 50


def layers(theta):
    s = State(4)
    for l in range(LAYERS):
        phase = l / LAYERS
        for w in range(4):
            s.gate("RX", [w], theta[w] * math.cos(phase))
            s.gate("RY", [w], theta[w] * math.sin(phase))
        for w in range(4):
            s.gate("CNOT", [w, (w + 1) % 4])
    return s.expval([("PauliZ", 0), ("PauliZ", 3)])


# many_qnodes.mlir: qnode k as the file describes it.
ROTATIONS = ["RX", "RY", "RZ", "PhaseShift"]
ENTANGLERS = ["CNOT", "CZ", "IsingXX", "CRY"]
OBSERVABLES = ["PauliZ", "PauliX", "PauliY"]


def small_qnode(k, a, b):
    wires = 2 + k % 2
    entangler = ENTANGLERS[k % 4]
    if k % 2 == 0 and entangler == "CRY":
        entangler = "CNOT"
    s = State(wires)
    s.gate("Hadamard", [0])
    s.gate(ROTATIONS[k % 4], [0], a)
    s.gate(ROTATIONS[(k + 1) % 4], [1], b)
    s.gate(entangler, [0, 1], a * b if entangler in ("IsingXX", "CRY") else None)
    last = 1
    if wires == 3:
        s.gate("RY", [2], math.sin(a))
        s.gate("CNOT", [1, 2])
        last = 2
    return s.expval([(OBSERVABLES[k % 3], last)])


def weighted(x):
    total = 0.0
    for k in range(8):
        s, t, u, c = 0.5 + 0.25 * k, 0.1 * k - 0.3, 1.5 - 0.2 * k, 1.0 - 0.15 * k
        s, t, u, c = (round(v, 2) for v in (s, t, u, c))
        total += c * small_qnode(k, x[0] * s + t, x[1] * u - t)
    return total


MANY_X = np.array([0.3, -0.8])


# pendulum_grad.mlir
def pendulum(k, c, steps=1000, dt=0.01):
    x, v = 1.0, 0.0
    for _ in range(steps):
        v = v + dt * -(k * np.sin(x) + c * v)
        x = x + dt * v
    return x * x + v


def pattern(value, scale, digits=7):
    """A FileCheck pattern for `value` as printed with {0:e15}: as many
    significant digits (at most `digits`) as the reference's error (2e-9 of
    the largest element) leaves certain, or any tiny number for a zero."""
    error = 2e-9 * max(scale, 1.0)
    if abs(value) < error:
        return "{{-?[0-9]\\.[0-9]+e(-[0-9][0-9]|\\+00)}}"
    sign = 1 if value < 0 else 0
    while digits > 2:
        low, high = f"{value - error:.15e}", f"{value + error:.15e}"
        cut = digits + 1 + sign
        if low[:cut] == high[:cut] and low[-4:] == high[-4:]:
            break
        digits -= 1
    mantissa, exponent = f"{value:.15e}".split("e")
    return f"{mantissa[:digits + 1 + sign]}{{{{[0-9]*}}}}e{exponent}"


def check_line(name, values):
    values = np.ravel(values)
    scale = float(np.max(np.abs(values)))
    return f"// CHECK: {name}: " + " ".join(pattern(v, scale) for v in values)


PROGRAMS = {
    "gmm": lambda: [gmm(*(np.array(v) for v in (ALPHAS, MEANS, ICF)))],
    "gmm-grad": gmm_gradient,
    "vqe-energy": lambda: [vqe(VQE_PARAMS)],
    "vqe-shift": lambda: central(vqe, VQE_PARAMS),
    "vqe-adjoint": lambda: central(vqe, VQE_PARAMS),
    "qml-loss": lambda: [qml_loss(QML_W, QML_THETA)],
    "qml-grad": lambda: np.concatenate([central(lambda w: qml_loss(w, QML_THETA), QML_W).ravel(),
                                        central(lambda t: qml_loss(QML_W, t), QML_THETA).ravel()]),
    "layers": lambda: [layers(LAYERS_THETA)],
    "layers-grad": lambda: central(layers, LAYERS_THETA),
    "many-qnodes": lambda: [weighted(MANY_X)],
    "many-qnodes-grad": lambda: central(weighted, MANY_X),
    "pendulum-grad": lambda: complex_step(lambda p: pendulum(p[0], p[1]), [2.0, 0.3]),
}

if __name__ == "__main__":
    for name in sys.argv[1:] or PROGRAMS:
        print(check_line(name, PROGRAMS[name]()))
