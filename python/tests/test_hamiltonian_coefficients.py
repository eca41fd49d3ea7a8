"""Derivatives with respect to Hamiltonian coefficients computed from the
arguments (a VQE with trainable coefficients), by every diff method.

qgrad measures such a Hamiltonian term by term and differentiates the sum
of coefficients times terms as classical code (docs/hybrid-pipeline.md).
The reference is the same program on default.qubit differentiated by
backprop (exact for coefficients whatever the method), to 1e-10, and
central differences of qgrad's own values (conftest.py)."""

import jax
import jax.numpy as jnp
import pennylane as qml
import pytest

import qgrad
from conftest import assert_close

METHODS = ["adjoint", "parameter-shift", "best"]
X = jnp.array([0.4, -0.9, 1.3])
W = jnp.array([0.3, -0.5, 0.8])


def device():
    return qml.device("default.qubit", wires=2)


def prepare(x):
    qml.RY(x[0], wires=0)
    qml.RX(x[1], wires=0)
    qml.RX(x[2], wires=1)
    qml.CNOT(wires=[0, 1])


def energy_qnode(method):
    """<c0 Z0 + c1 X0 Z1 + c2 Y1> with c = 2 w + sin(w) computed in the qnode."""
    @qml.qnode(device(), diff_method=method)
    def energy(x, w):
        prepare(x)
        c = w * 2 + jnp.sin(w)
        return qml.expval(qml.dot([c[0], c[1], c[2]],
                                  [qml.PauliZ(0), qml.PauliX(0) @ qml.PauliZ(1),
                                   qml.PauliY(1)]))
    return energy


@pytest.mark.parametrize("method", METHODS)
def test_gradient_in_coefficients_and_angles(check, method):
    check(energy_qnode(method), (X, W), argnums=(0, 1),
          reference=energy_qnode("backprop"))


def loss_of(method):
    """cos(<H>) outside the qnode, a sum of scalar multiples of operators."""
    @qml.qnode(device(), diff_method=method)
    def energy(x, a, b):
        prepare(x)
        h = (qml.s_prod(a * b, qml.PauliZ(0))
             + qml.s_prod(jnp.sin(b), qml.PauliX(0) @ qml.PauliZ(1))
             + 0.5 * qml.PauliY(1))
        return qml.expval(h)

    def loss(x, a, b):
        return jnp.cos(energy(x, a, b))
    return loss


@pytest.mark.parametrize("method", ["adjoint", "parameter-shift"])
def test_loss_outside_the_qnode(check, method):
    check(loss_of(method), (X, 0.7, -1.1), argnums=(0, 1, 2),
          reference=loss_of("backprop"))


@pytest.mark.parametrize("method", ["adjoint", "parameter-shift"])
def test_value_and_grad(method):
    value, grads = qgrad.value_and_grad(energy_qnode(method), argnums=(0, 1))(X, W)
    reference = energy_qnode("backprop")
    assert_close(value, reference(X, W), what="value")
    assert_close(grads, jax.grad(reference, argnums=(0, 1))(X, W), what="gradient")


def several_qnode(method):
    """Two Hamiltonians with trainable coefficients and a plain expectation
    value in one qnode."""
    @qml.qnode(device(), diff_method=method)
    def several(x, w):
        prepare(x)
        c = w * 2 + jnp.sin(w)
        h = qml.dot([c[0], c[1], c[2]],
                    [qml.PauliZ(0), qml.PauliX(0) @ qml.PauliZ(1), qml.PauliY(1)])
        h2 = qml.s_prod(w[0] * w[1], qml.PauliZ(0)) + 0.5 * qml.PauliY(1)
        return qml.expval(h), qml.expval(qml.PauliZ(1)), qml.expval(h2)
    return several


@pytest.mark.parametrize("method", ["adjoint", "parameter-shift"])
def test_jacobian_of_several_results(method):
    def stacked(qnode):
        return lambda x, w: jnp.stack(qnode(x, w))

    jacobian = qgrad.jacobian(stacked(several_qnode(method)), argnums=(0, 1))(X, W)
    expected = jax.jacobian(stacked(several_qnode("backprop")), argnums=(0, 1))(X, W)
    assert_close(jacobian, expected, what="jacobian")


def test_coefficient_that_is_also_a_gate_angle(check):
    """The program test_errors.py used to refuse: x is an angle and a
    coefficient."""
    def circuit(method):
        @qml.qnode(device(), diff_method=method)
        def f(x):
            qml.RX(x, wires=0)
            return qml.expval(qml.dot([x, 0.5], [qml.Z(0), qml.X(0)]))
        return f

    check(circuit("adjoint"), (0.3,), reference=circuit("backprop"))
