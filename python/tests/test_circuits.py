"""Circuit features: qml.state, Hermitian observables, sampling with shots,
mid-circuit measurements with qml.cond, and PennyLane's control flow inside
qnodes (qml.for_loop, qml.while_loop, qml.cond on classical predicates).

Values and gradients are checked against PennyLane on default.qubit with
jax.grad (conftest.check_program) and against central differences; sampled
results against the exact probabilities."""

import jax
import jax.numpy as jnp
import numpy as np
import pennylane as qml
import pytest

import qgrad

METHODS = ["adjoint", "parameter-shift"]


def device(wires, **kwargs):
    return qml.device("default.qubit", wires=wires, **kwargs)


def total(values):
    return sum(jnp.sum(jnp.asarray(v)) for v in values)


# --- qml.state -----------------------------------------------------------------------


def test_state_matches_pennylane():
    @qml.qnode(device(3))
    def circuit(x, y):
        qml.RX(x, 0)
        qml.Hadamard(1)
        qml.CRY(y, wires=[1, 2])
        qml.adjoint(qml.S(2))
        return qml.state()

    state = qgrad.qjit(circuit)(0.3, 1.1)
    assert state.dtype == np.complex128 and state.shape == (8,)
    np.testing.assert_allclose(state, circuit(0.3, 1.1), atol=1e-12)


def test_state_and_probs_together_and_classical_use_of_probs():
    @qml.qnode(device(2))
    def circuit(x):
        qml.RY(x, 0)
        qml.CNOT([0, 1])
        return qml.state(), qml.probs(wires=[0, 1])

    state, probs = qgrad.qjit(circuit)(0.8)
    np.testing.assert_allclose(np.abs(state) ** 2, probs, atol=1e-12)
    np.testing.assert_allclose(probs, circuit(0.8)[1], atol=1e-12)


# --- Hermitian observables -----------------------------------------------------------

M = np.array([[1.0, 0.5], [0.5, -2.0]])
D = np.diag([1.0, -2.0, 3.0, 0.5])


@pytest.mark.parametrize("method", METHODS)
def test_hermitian_expval_var_and_products(check, method):
    @qml.qnode(device(2), diff_method=method)
    def circuit(x, y):
        qml.RX(x, 0)
        qml.RY(y, 1)
        qml.CNOT([0, 1])
        return (qml.expval(qml.Hermitian(M, wires=0)),
                qml.expval(qml.Hermitian(M, wires=1) @ qml.PauliZ(0)),
                qml.expval(qml.Hermitian(D, wires=[0, 1])))

    check(lambda x, y: total(circuit(x, y)), (0.3, -0.7), argnums=(0, 1))


def test_hermitian_complex_matrix():
    h = np.array([[0.5, 0.25 - 0.5j], [0.25 + 0.5j, -1.0]])

    @qml.qnode(device(1))
    def circuit(x):
        qml.RX(x, 0)
        qml.RZ(0.4, 0)
        return qml.expval(qml.Hermitian(h, wires=0))

    compiled = qgrad.qjit(circuit)
    assert abs(compiled(0.9) - circuit(0.9)) < 1e-12
    assert abs(qgrad.grad(circuit)(0.9) - jax.grad(circuit)(0.9)) < 1e-10


# --- Shots: sample and counts -----------------------------------------------------


def _bell_like(shots, seed=None):
    @qml.qnode(device(2, shots=shots, seed=seed))
    def circuit(x):
        qml.RX(x, 0)
        qml.CNOT([0, 1])
        return (qml.sample(wires=[0, 1]), qml.counts(wires=[0]),
                qml.sample(qml.PauliZ(0) @ qml.PauliZ(1)), qml.probs(wires=[1]))

    return circuit


def test_samples_have_pennylanes_shapes_and_statistics():
    shots, x = 4000, 1.2
    circuit = _bell_like(shots)
    samples, (keys, counts), parity, probs = qgrad.qjit(circuit)(x)
    assert samples.shape == (shots, 2) and samples.dtype == np.int64  # as PennyLane
    assert keys.tolist() == [0, 1] and counts.sum() == shots
    p1 = np.sin(x / 2) ** 2
    sigma = np.sqrt(p1 * (1 - p1) / shots)
    assert np.all(samples[:, 0] == samples[:, 1])  # CNOT copies the bit
    assert abs(samples[:, 0].mean() - p1) < 5 * sigma
    assert abs(counts[1] / shots - p1) < 5 * sigma
    assert np.all(parity == 1.0)  # Z0 Z1 has eigenvalue +1 on 00 and 11
    np.testing.assert_allclose(probs, [1 - p1, p1], atol=1e-12)  # exact


def test_a_seeded_device_gives_the_same_shots_on_every_call():
    first = qgrad.qjit(_bell_like(500, seed=7))(0.9)
    again = qgrad.qjit(_bell_like(500, seed=7))(0.9)
    np.testing.assert_array_equal(first[0], again[0])
    # The same seed draws the same shots for each measurement of the circuit.
    np.testing.assert_array_equal(first[1][1][1], first[0][:, 0].sum())


def test_sample_of_a_z_product_is_its_eigenvalue_per_shot():
    @qml.qnode(device(2, shots=300, seed=11))
    def circuit(x):
        qml.RX(x, 0)
        qml.RY(2 * x, 1)
        return qml.sample(wires=[0, 1]), qml.sample(qml.PauliZ(0) @ qml.PauliZ(1))

    bits, eigenvalues = qgrad.qjit(circuit)(0.7)
    np.testing.assert_array_equal(eigenvalues, (-1.0) ** bits.sum(axis=1))


# --- Mid-circuit measurements ---------------------------------------------------------


def _mid_circuit(method, with_probs):
    # PennyLane defers onto spare device wires: 3 used + 2 measurements.
    @qml.qnode(device(5), diff_method=method)
    def circuit(x):
        qml.RX(x, 0)
        qml.Hadamard(1)
        m = qml.measure(0, reset=True)
        qml.cond(m, qml.RY)(2 * x, wires=1)
        qml.cond(~m, qml.RZ)(x, wires=1)
        qml.RX(x / 2, 0)
        m2 = qml.measure(1)
        qml.cond(m2 == 0, qml.CNOT)(wires=[0, 2])
        results = (qml.expval(qml.PauliX(1)), qml.expval(m), qml.var(m2),
                   qml.expval(qml.PauliZ(0) @ qml.PauliZ(2)))
        # The adjoint method differentiates expectation values only (as
        # PennyLane's does); probabilities go through parameter shift.
        return results + ((qml.probs(op=m),) if with_probs else ())

    return circuit


@pytest.mark.parametrize("method", METHODS)
def test_mid_circuit_measurements_are_deferred_exactly(check, method):
    # PennyLane's parameter-shift gradient of deferred measurements is only
    # accurate to ~3e-8 here; backprop through default.qubit is exact.
    with_probs = method == "parameter-shift"
    reference = _mid_circuit("backprop", with_probs)
    circuit = _mid_circuit(method, with_probs)
    check(lambda x: total(circuit(x)), (0.7,),
          reference=lambda x: total(reference(x)))
    np.testing.assert_allclose(np.concatenate([np.ravel(v) for v in
                                               qgrad.qjit(circuit)(1.3)]),
                               np.concatenate([np.ravel(v) for v in reference(1.3)]),
                               atol=1e-12)


def test_cond_with_true_and_false_branches_on_a_measurement(check):
    @qml.qnode(device(3), diff_method="best")
    def circuit(x, y):
        qml.RY(x, 0)
        m = qml.measure(0)
        qml.cond(m, qml.RX, false_fn=lambda a, wires: qml.RY(a * a, wires))(y, wires=1)
        return qml.expval(qml.PauliZ(1))

    check(lambda x, y: circuit(x, y), (0.4, 1.3), argnums=(0, 1))


# --- Control flow inside qnodes ------------------------------------------------------


def _looped(method):
    @qml.qnode(device(3), diff_method=method)
    def circuit(x, n):
        @qml.for_loop(0, n, 1)
        def layer(i, a):
            qml.RX(a * (i + 1), wires=i % 2)  # a wire computed at run time
            qml.CNOT([0, 1])
            return a * 1.5

        a = layer(x)

        @qml.while_loop(lambda b: b < 2.0)
        def grow(b):
            qml.RY(b, wires=2)
            return b + 0.5

        grow(x)

        def big():
            qml.RZ(x, 1)
            qml.Hadamard(1)

        def small():
            qml.RX(x, 1)

        qml.cond(a > 2.0, big, elifs=((a > 1.0, small),))()
        return qml.expval(qml.PauliZ(0) @ qml.PauliZ(1)), qml.expval(qml.PauliX(2))

    return circuit


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("n", [0, 1, 3])
def test_for_while_and_cond_with_run_time_trip_counts(check, method, n):
    circuit = _looped(method)
    check(lambda x: total(circuit(x, n)), (0.4,))


def test_one_compiled_program_serves_every_trip_count():
    circuit = _looped("adjoint")
    compiled = qgrad.qjit(lambda x, n: total(circuit(x, n)))
    gradient = qgrad.grad(lambda x, n: total(circuit(x, n)))
    for n in (0, 2, 5):
        assert abs(compiled(0.3, n) - total(circuit(0.3, n))) < 1e-10
        assert abs(gradient(0.3, n) - jax.grad(lambda x: total(circuit(x, n)))(0.3)) < 1e-10


def test_for_loop_over_wires_with_negative_step(check):
    @qml.qnode(device(4), diff_method="adjoint")
    def circuit(w):
        @qml.for_loop(3, -1, -1)
        def ladder(i):
            qml.RY(w[i], wires=i)
            qml.CNOT(wires=[i, (i + 1) % 4])

        ladder()
        return qml.expval(qml.PauliZ(0) @ qml.PauliX(3))

    check(circuit, (jnp.array([0.1, -0.4, 0.7, 1.2]),))


def test_observable_built_before_a_loop_is_not_applied_as_a_gate(check):
    @qml.qnode(device(2), diff_method="parameter-shift")
    def circuit(x, n):
        obs = qml.PauliX(0) @ qml.PauliZ(1)

        @qml.for_loop(0, n, 1)
        def body(i):
            qml.RY(x, wires=0)

        body()
        return qml.expval(obs)

    check(lambda x: circuit(x, 2), (0.6,))


def test_adjoint_and_ctrl_of_functions(check):
    def block(a, b):
        qml.RX(a, wires=1)
        qml.RY(b, wires=2)
        qml.CNOT(wires=[1, 2])

    @qml.qnode(device(3), diff_method="adjoint")
    def circuit(a, b):
        qml.Hadamard(0)
        block(a, b)
        qml.adjoint(block)(a / 2, b)
        qml.ctrl(lambda: qml.RZ(b, wires=2), control=0, control_values=0)()
        return qml.expval(qml.PauliZ(2) @ qml.PauliX(0))

    check(circuit, (0.5, -0.9), argnums=(0, 1))


def test_hamiltonian_with_an_array_of_constant_coefficients(check):
    coefficients = jnp.array([0.5, -1.5, 0.25])

    @qml.qnode(device(2), diff_method="adjoint")
    def circuit(x):
        qml.RX(x, 0)
        qml.CNOT([0, 1])
        qml.RY(x / 3, 1)
        return qml.expval(qml.Hamiltonian(
            coefficients, [qml.PauliZ(0), qml.PauliX(1), qml.PauliZ(0) @ qml.PauliY(1)]))

    check(circuit, (0.8,))


# --- Refused, with the user's line ------------------------------------------------------


def _refused(fn, args, match):
    with pytest.raises(qgrad.CompileError, match=match) as info:
        qgrad.qjit(fn)(*args)
    assert "test_circuits.py:" in str(info.value), str(info.value)


def test_postselection_is_refused():
    @qml.qnode(device(3))
    def circuit(x):
        qml.RX(x, 0)
        qml.measure(0, postselect=1)
        return qml.expval(qml.PauliZ(1))

    _refused(circuit, (0.3,), "postselect")


def test_measurement_inside_a_loop_is_refused():
    @qml.qnode(device(3))
    def circuit(x, n):
        @qml.for_loop(0, n, 1)
        def body(i):
            qml.RX(x, 0)
            qml.measure(0)

        body()
        return qml.expval(qml.PauliZ(0))

    _refused(circuit, (0.3, 2), "inside a loop")


def test_sampling_without_shots_is_refused():
    @qml.qnode(device(1))
    def circuit(x):
        qml.RX(x, 0)
        return qml.sample(wires=[0])

    with pytest.raises(Exception):
        qgrad.qjit(circuit)(0.3)


def test_measurement_value_in_arithmetic_is_refused():
    @qml.qnode(device(3))
    def circuit(x):
        qml.RX(x, 0)
        m = qml.measure(0)
        qml.RY(x * m, wires=1)
        return qml.expval(qml.PauliZ(1))

    _refused(circuit, (0.3,), "mid-circuit measurement")


def test_gates_in_jax_loops_inside_a_qnode_are_refused():
    @qml.qnode(device(2))
    def circuit(x):
        def body(i, a):
            qml.RX(a, wires=0)
            return a

        jax.lax.fori_loop(0, 3, body, x)
        return qml.expval(qml.PauliZ(0))

    try:
        qgrad.qjit(circuit)(0.3)
    except qgrad.CompileError as error:
        assert "qml.for_loop" in str(error) or "not supported" in str(error)
    else:  # capture turned the loop into PennyLane's own: then it must be right
        assert abs(qgrad.qjit(circuit)(0.3) - np.cos(0.9)) < 1e-12


# --- diff_method="finite-diff" ----------------------------------------------------


def test_finite_diff_qnodes_are_differentiated_by_central_differences():
    def make(method):
        @qml.qnode(device(2), diff_method=method)
        def circuit(x, w):
            qml.RX(2 * x, wires=0)
            qml.CRX(jnp.sin(x), wires=[0, 1])
            qml.Rot(*w, wires=1)
            return qml.expval(qml.PauliZ(0) @ qml.PauliZ(1)), qml.probs(wires=[1])

        return lambda x, w: jnp.cos(circuit(x, w)[0]) + circuit(x, w)[1][0] ** 2

    loss, exact = make("finite-diff"), make("backprop")
    args = (0.5, jnp.array([0.1, -0.7, 0.3]))
    assert abs(qgrad.qjit(loss)(*args) - exact(*args)) < 1e-12
    gradient = qgrad.grad(loss, argnums=(0, 1))(*args)
    expected = jax.grad(exact, argnums=(0, 1))(*args)
    # A central difference of each gate angle (step 6e-6): about 1e-11 off,
    # where PennyLane's own forward difference (step 1e-7) is off by ~1e-7.
    assert abs(gradient[0] - expected[0]) < 1e-9
    np.testing.assert_allclose(gradient[1], expected[1], atol=1e-9)
    pennylane_fd = jax.grad(loss, argnums=(0, 1))(*args)
    assert abs(gradient[0] - expected[0]) < abs(pennylane_fd[0] - expected[0])


# --- Trainable observable data ------------------------------------------------------


@pytest.mark.parametrize("method", METHODS)
def test_gradient_with_respect_to_a_hermitian_matrix(check, method):
    # A matrix computed at run time is expanded into Pauli words whose
    # coefficients are linear in its entries: d<H>/dH_ij = Re rho_ji.
    def make(diff_method):
        @qml.qnode(device(2), diff_method=diff_method)
        def circuit(x, m):
            qml.RX(x, 0)
            qml.RY(2 * x, 1)
            qml.CNOT([0, 1])
            qml.RY(0.3, 0)
            big = jnp.kron(m, m) + jnp.diag(jnp.array([0.5, 0.0, -1.0, 2.0]))
            return (qml.expval(qml.Hermitian(m * x, wires=0)),
                    qml.expval(qml.Hermitian(big, wires=[0, 1])))

        return lambda x, m: total(circuit(x, m))

    loss, reference = make(method), make("backprop")
    args = (0.4, jnp.array([[1.0, 0.5], [0.5, -2.0]]))
    check(loss, args, argnums=(0, 1), reference=reference)


def test_a_run_time_wire_outside_the_device_is_the_runtimes_error():
    @qml.qnode(device(2))
    def circuit(x, n):
        @qml.for_loop(0, n, 1)
        def body(i):
            qml.RX(x, wires=i)

        body()
        return qml.expval(qml.PauliZ(0))

    compiled = qgrad.qjit(circuit)
    assert abs(compiled(0.3, 2) - np.cos(0.3)) < 1e-12
    with pytest.raises(qgrad.ExecutionError, match="wire 2 is outside the register"):
        compiled(0.3, 3)
    assert abs(compiled(0.3, 1) - np.cos(0.3)) < 1e-12  # usable afterwards
