#!/usr/bin/env python3
"""Probabilities the CHECK lines of test/Interop/OpenQASM expect, from the
gate matrices of the OpenQASM specification (numpy; independent of qgrad's
importer and runtime). Qubit 0 is the most significant bit of an index."""
import numpy as np

I2 = np.eye(2)


def u3(t, p, l):
    return np.array([[np.cos(t / 2), -np.exp(1j * l) * np.sin(t / 2)],
                     [np.exp(1j * p) * np.sin(t / 2),
                      np.exp(1j * (p + l)) * np.cos(t / 2)]])


H = np.array([[1, 1], [1, -1]]) / np.sqrt(2)
X = np.array([[0, 1], [1, 0]])
Z = np.diag([1, -1])
SX = np.array([[1 + 1j, 1 - 1j], [1 - 1j, 1 + 1j]]) / 2


def rx(t):
    return np.array([[np.cos(t / 2), -1j * np.sin(t / 2)],
                     [-1j * np.sin(t / 2), np.cos(t / 2)]])


def ry(t):
    return u3(t, 0, 0)


def rz(t):
    return np.diag([np.exp(-1j * t / 2), np.exp(1j * t / 2)])


def phase(l):
    return np.diag([1, np.exp(1j * l)])


class State:
    def __init__(self, n):
        self.n = n
        self.v = np.zeros(2 ** n, complex)
        self.v[0] = 1

    def apply(self, m, *wires):
        """m acts on `wires` (the first is the most significant of m)."""
        k = len(wires)
        t = self.v.reshape([2] * self.n)
        t = np.moveaxis(t, wires, range(k))
        shape = t.shape
        t = (m @ t.reshape(2 ** k, -1)).reshape(shape)
        self.v = np.moveaxis(t, range(k), wires).reshape(-1)

    def probs(self):
        return np.abs(self.v) ** 2


def controlled(m):
    c = np.eye(4, dtype=complex)
    c[2:, 2:] = m
    return c


def standard_gates():
    s = State(3)
    s.apply(u3(0.3, 1.1, -0.7), 0)
    s.apply(u3(np.pi / 2, 0.4, -1.2), 1)
    s.apply(H, 2)
    s.apply(controlled(H), 0, 1)
    s.apply(controlled(u3(0.9, 0.2, 1.4)), 1, 2)
    s.apply(phase(-np.pi / 2), 0)
    s.apply(phase(-np.pi / 4), 1)
    s.apply(SX, 2)
    s.apply(np.diag(np.exp(-0.4j * np.array([1, -1, -1, 1]))), 0, 2)
    fredkin = np.eye(8)
    fredkin[[5, 6]] = fredkin[[6, 5]]
    s.apply(fredkin, 0, 1, 2)
    s.apply(controlled(rz(0.6)), 2, 0)
    s.apply(controlled(phase(1.3)), 0, 1)
    s.apply(np.cos(0.25) * np.eye(4) - 1j * np.sin(0.25) * np.kron(X, X), 1, 2)
    s.apply(SX.conj().T, 0)
    s.apply(phase(0.7), 2)
    s.apply(phase(-0.3), 1)
    s.apply(ry(0.35), 0)
    for q in range(3):
        s.apply(H, q)
    return s.probs()


def defined_gates(theta, phi):
    """gate_definitions.qasm: rotxy(a, b) x = rz(a) then ry(b); pair(a) x, y =
    rotxy(a, 2a) x, cx x, y, rotxy(-a, a / 2) y."""
    s = State(2)

    def rotxy(a, b, w):
        s.apply(rz(a), w)
        s.apply(ry(b), w)

    def pair(a, x, y):
        rotxy(a, 2 * a, x)
        s.apply(controlled(X), x, y)
        rotxy(-a, a / 2, y)

    s.apply(H, 0)
    pair(theta, 0, 1)
    pair(phi + theta / 3, 1, 0)
    s.apply(rx(np.sin(phi) * 2), 1)
    return s.probs()


def jacobian(theta, phi, h=1e-6):
    cols = [(defined_gates(theta + h, phi) - defined_gates(theta - h, phi)) / (2 * h),
            (defined_gates(theta, phi + h) - defined_gates(theta, phi - h)) / (2 * h)]
    return cols


if __name__ == "__main__":
    np.set_printoptions(precision=14)
    print("standard_gates", list(standard_gates()))
    print("gate_definitions", list(defined_gates(0.8, -0.35)))
    print("jacobian by central differences", [list(c) for c in jacobian(0.8, -0.35)])
