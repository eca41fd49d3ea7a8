"""Bad programs and bad arguments: a located exception, never a crash or a
wrong number."""

import os

import jax.numpy as jnp
import numpy as np
import pennylane as qml
import pytest

import qgrad

HERE = os.path.basename(__file__)


def test_unsupported_operation_names_it_and_the_line():
    @qml.qnode(qml.device("default.qubit", wires=2))
    def circuit(x):
        qml.RX(x, wires=0)
        qml.QFT(wires=[0, 1])  # the line the error names
        return qml.expval(qml.PauliZ(0))

    with pytest.raises(qgrad.CompileError) as error:
        qgrad.qjit(circuit)(0.3)
    message = str(error.value)
    assert "QFT" in message
    assert f"{HERE}:20" in message, message


def test_unsupported_primitive():
    def f(x):
        return jnp.linalg.cholesky(x)[0, 0]

    with pytest.raises(qgrad.CompileError, match="cholesky"):
        qgrad.qjit(f)(jnp.eye(2))


def test_unsupported_measurement():
    @qml.qnode(qml.device("default.qubit", wires=1))
    def circuit(x):
        qml.RX(x, wires=0)
        return qml.density_matrix(wires=0)

    with pytest.raises(qgrad.CompileError, match="density_matrix"):
        qgrad.qjit(circuit)(0.3)


def test_shot_vectors_are_refused_not_ignored():
    @qml.set_shots([100, 200])
    @qml.qnode(qml.device("default.qubit", wires=1))
    def circuit(x):
        qml.RX(x, wires=0)
        return qml.sample(wires=[0])

    with pytest.raises(qgrad.CompileError, match="shot"):
        qgrad.qjit(circuit)(0.3)


def test_wire_outside_the_device():
    @qml.qnode(qml.device("default.qubit", wires=1))
    def circuit(x):
        qml.RX(x, wires=0)
        qml.CNOT(wires=[0, 1])
        return qml.expval(qml.PauliZ(0))

    with pytest.raises(Exception, match="wire"):
        qgrad.qjit(circuit)(0.3)


def test_grad_of_a_vector_function_is_refused():
    with pytest.raises(qgrad.CompileError, match="jacobian"):
        qgrad.grad(lambda w: jnp.sin(w))(jnp.array([0.1, 0.2]))


def test_wrong_argument_shape():
    f = qgrad.qjit(lambda w: jnp.sum(w))
    f.lower(jnp.zeros(3))
    compiled = f._last
    with pytest.raises(ValueError, match="shape"):
        compiled([np.zeros(4)])


def test_mlir_is_shown():
    f = qgrad.qjit(lambda x: jnp.sin(x) * 2.0)
    assert f(0.5) == pytest.approx(2 * np.sin(0.5), abs=1e-15)
    assert "math.sin" in f.mlir
    assert "func.func @" in f.mlir


def test_unsupported_argument_type():
    f = qgrad.qjit(lambda x: x * 2.0)
    with pytest.raises(TypeError, match="qgrad supports float64"):
        f(np.array(["a", "b"]))
    with pytest.raises(TypeError, match="complex"):
        f(np.array([1j, 2.0]))


def test_arguments_are_read_in_place_and_never_written():
    # The argument's buffer is passed without a copy; a program that updates
    # it in place must work on a copy (the entry marks it read-only).
    w = np.array([1.0, 2.0, 3.0])
    before = w.copy()
    f = qgrad.qjit(lambda w: w.at[1].set(-5.0) * 2.0)
    np.testing.assert_array_equal(f(w), [2.0, -10.0, 6.0])
    np.testing.assert_array_equal(w, before)
    frozen = jnp.asarray(w)  # a read-only buffer
    np.testing.assert_array_equal(f(frozen), [2.0, -10.0, 6.0])
    np.testing.assert_array_equal(np.asarray(frozen), before)


def test_results_that_share_a_buffer_stay_valid():
    f = qgrad.qjit(lambda w: (jnp.sin(w), jnp.sin(w)))
    a, b = f(np.linspace(0.0, 1.0, 5))
    del a
    np.testing.assert_allclose(b, np.sin(np.linspace(0.0, 1.0, 5)), atol=1e-15)
