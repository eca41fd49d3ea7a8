"""jax.numpy's element-moving primitives (cumulative reductions, gather,
dynamic slices, scatter, argmax/argmin, sort, pad, rev, split) and the
scalar primitives added with them, alone and inside hybrid programs.

Each differentiable program is checked by conftest's check_program: its
value against JAX (and PennyLane for qnodes), its gradient against jax.grad
to 1e-10 and against central differences of qgrad's own compiled value.
Integer results (argmax, argsort) are checked for their value."""

import inspect
import os

import jax
import jax.numpy as jnp
import numpy as np
import pennylane as qml
import pytest

import qgrad
from conftest import assert_close, central_differences

HERE = os.path.basename(__file__)

X = jnp.array([0.3, -1.2, 0.8, 2.1, -0.4])
M = jnp.array([[0.5, -0.3, 1.1, 0.2],
               [-0.7, 0.9, 0.4, -1.5],
               [1.3, 0.1, -0.6, 0.8]])
WEIGHTS = jnp.arange(1.0, 6.0)


def line_of(fn, marker):
    """The line of `fn`'s source holding `marker` (errors must name it)."""
    lines, start = inspect.getsourcelines(fn)
    return start + next(i for i, text in enumerate(lines) if marker in text)


def qjit_value(fn, *args):
    """qgrad's value next to JAX's, for integer or non-differentiable
    results."""
    got = qgrad.qjit(fn)(*args)
    expected = fn(*args)
    assert np.asarray(got).dtype == np.asarray(expected).dtype
    np.testing.assert_array_equal(np.asarray(got), np.asarray(expected))


# --- cumulative reductions ---------------------------------------------------------

CUMULATIVE = {
    "cumsum": jax.lax.cumsum,
    "cumprod": jax.lax.cumprod,
    "cummax": jax.lax.cummax,
    "cummin": jax.lax.cummin,
    "cumlogsumexp": jax.lax.cumlogsumexp,
}


@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("name", sorted(CUMULATIVE))
def test_cumulative_1d(check, name, reverse):
    op = CUMULATIVE[name]

    def f(x):
        return jnp.sum(jnp.sin(op(x, reverse=reverse)) * WEIGHTS)

    check(f, (X,))


@pytest.mark.parametrize("axis", [0, 1])
def test_cumsum_and_cumprod_of_a_matrix(check, axis):
    def f(m):
        return (jnp.sum(jnp.cos(jnp.cumsum(m, axis=axis)))
                + jnp.sum(jax.lax.cumprod(m, axis=axis, reverse=True)))

    check(f, (M,))


def test_cumsum_of_integers():
    qjit_value(lambda n: jnp.cumsum(jnp.arange(6) * n), 3)


def test_cumsum_feeds_rx_angles(check):
    @qml.qnode(qml.device("default.qubit", wires=3), diff_method="adjoint")
    def circuit(angles):
        for w in range(3):
            qml.RX(angles[w], wires=w)
        qml.CNOT(wires=[0, 1])
        qml.CNOT(wires=[1, 2])
        return qml.expval(qml.PauliZ(2))

    def f(x):
        return circuit(jnp.cumsum(x[:3]))

    check(f, (X,))


# --- dynamic_slice and dynamic_update_slice -------------------------------------------


@pytest.mark.parametrize("i", [0, 3, -2])
def test_traced_index(check, i):
    def f(x, i):
        return jnp.sin(x[i]) * x[i - 1]

    check(f, (X, i))


def test_matrix_rows_columns_and_elements_with_traced_indices(check):
    def f(m, i, j):
        return jnp.sum(m[i] ** 2) + jnp.sum(jnp.sin(m[:, j])) * m[i, j]

    check(f, (M, 2, 1))


@pytest.mark.parametrize("start", [1, 4, -3])
def test_dynamic_slice_clamps_its_start(check, start):
    # Starts past the end are clamped so that the slice fits, as in JAX.
    def f(x, s):
        return jnp.sum(jax.lax.dynamic_slice(x, (s,), (3,)) * WEIGHTS[:3])

    check(f, (X, start))


def test_dynamic_slice_of_a_matrix(check):
    def f(m, i):
        return jnp.sum(jnp.exp(jax.lax.dynamic_slice(m, (i, i + 1), (2, 2))))

    check(f, (M, 1))


@pytest.mark.parametrize("start", [0, 2, 7])
def test_dynamic_update_slice(check, start):
    def f(x, s):
        y = jax.lax.dynamic_update_slice(x, jnp.sin(x[:2]) * 3.0, (s,))
        return jnp.sum(y * WEIGHTS)

    check(f, (X, start))


def test_dynamic_update_slice_of_a_matrix(check):
    def f(m, i):
        return jnp.sum(jnp.cos(jax.lax.dynamic_update_slice(m, m[:1, :2] ** 2, (i, 2))))

    check(f, (M, 2))


# --- gather ---------------------------------------------------------------------------


def test_gather_with_an_index_array(check):
    def f(x):
        return jnp.sum(x[jnp.array([2, 0, 4, 0])] * WEIGHTS[:4])

    check(f, (X,))


def test_take_and_rows_columns_of_a_matrix(check):
    def f(m):
        rows = m[jnp.array([2, 0])]
        cols = jnp.take(m, jnp.array([3, 1, 3]), axis=1)
        return jnp.sum(jnp.sin(rows)) + jnp.sum(cols ** 2) + jnp.sum(jnp.diag(m))

    check(f, (M,))


def test_take_along_axis_and_vmapped_indexing(check):
    # Both bind gather with batching dimensions.
    def f(m):
        picked = jnp.take_along_axis(m, jnp.array([[1], [3], [0]]), axis=1)
        rows = jax.vmap(lambda r, i: r[i])(m, jnp.array([2, 0, 1]))
        return jnp.sum(picked ** 3) + jnp.sum(jnp.cos(rows))

    check(f, (M,))


def test_gather_with_traced_indices(check):
    def f(x, idx):
        return jnp.sum(jnp.sin(x[idx]))

    check(f, (X, jnp.array([4, 1, 1, 0])))


def test_gather_modes():
    idx = jnp.array([1, 7, -1, 3])
    # fill: out-of-bounds reads are the fill value; clip: clamped.
    qjit_value(lambda x: jnp.take(x, idx, mode="fill", fill_value=-5.0), X)
    qjit_value(lambda x: jnp.take(x, idx, mode="clip"), X)
    qjit_value(lambda x: x.at[idx].get(mode="fill"), X)  # NaN fill
    qjit_value(lambda n: jnp.take(jnp.arange(4) * n, idx, mode="fill"), 2)


def test_gathered_angles_feed_a_qnode(check):
    @qml.qnode(qml.device("default.qubit", wires=2), diff_method="parameter-shift")
    def circuit(a, b, c):
        qml.RX(a, wires=0)
        qml.RY(b, wires=1)
        qml.CNOT(wires=[0, 1])
        qml.RZ(c, wires=1)
        qml.RX(c, wires=1)
        return qml.expval(qml.PauliZ(0) @ qml.PauliZ(1))

    def f(params, order):
        a, b, c = params[order]
        return circuit(a, b * params[jnp.argmax(params)], c)

    check(f, (X, jnp.array([2, 4, 1])))


# --- scatter --------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["set", "add", "multiply", "min", "max"])
def test_scatter_at_a_traced_index(check, how):
    def f(x, i):
        y = getattr(x.at[i], how)(x[0] * 3.0 - 1.0)
        return jnp.sum(jnp.sin(y) * WEIGHTS)

    check(f, (X, 2))


def test_scatter_a_slice_and_an_index_array_with_repeats(check):
    def f(x):
        y = x.at[1:3].set(x[3:] ** 2)
        return jnp.sum(jnp.sin(y.at[jnp.array([0, 2, 0])].add(x[:3] * x[2])) * WEIGHTS)

    check(f, (X,))


def test_scatter_rows_and_columns_of_a_matrix(check):
    def f(m, i):
        m = m.at[i].set(jnp.cos(m[0]))
        m = m.at[:, 2].add(m[:, 0] * 2.0)
        return jnp.sum(m * jnp.arange(12.0).reshape(3, 4))

    check(f, (M, 1))


def test_scatter_apply():
    # JAX has no derivative of .at[].apply: qgrad's gradient is checked
    # against central differences only.
    def f(x):
        return jnp.sum(x.at[jnp.array([1, 3])].apply(jnp.sin) ** 2 * WEIGHTS)

    compiled = qgrad.qjit(f)
    assert_close(compiled(X), f(X))
    gradient = qgrad.grad(f)(X)
    assert_close(gradient, central_differences(compiled, (X,), 0), tol=1e-6)
    applied = jnp.array([k in (1, 3) for k in range(5)])
    expected = 2 * WEIGHTS * jnp.where(applied, jnp.sin(X) * jnp.cos(X), X)
    assert_close(gradient, expected)


def test_scatter_out_of_bounds_is_dropped(check):
    def f(x, i):
        return jnp.sum(x.at[i].set(7.0 * x[0]) * WEIGHTS) + jnp.sum(x.at[i].add(x[1]))

    check(f, (X, 9))
    check(f, (X, -9))


def test_scatter_and_cumsum_leave_the_callers_array_alone():
    x = np.array([0.3, -1.2, 0.8, 2.1, -0.4])
    before = x.copy()
    for f in (lambda x: x.at[1].add(5.0), lambda x: x.at[jnp.array([0, 2])].set(0.0),
              jnp.cumsum, lambda x: jax.lax.dynamic_update_slice(x, x[:2], (3,))):
        assert_close(qgrad.qjit(f)(x), f(jnp.asarray(before)))
        np.testing.assert_array_equal(x, before)


def test_scatter_booleans_and_integers():
    qjit_value(lambda x: (x > 0).at[jnp.array([0, 4])].set(True), X)
    qjit_value(lambda n: (jnp.arange(5) * n).at[2].max(n * 7), 3)


def test_training_step_writes_its_parameters(check):
    """A parameter vector rebuilt element by element from a qnode's values."""
    @qml.qnode(qml.device("default.qubit", wires=1), diff_method="adjoint")
    def circuit(theta):
        qml.RX(theta, wires=0)
        qml.RY(0.5 * theta, wires=0)
        return qml.expval(qml.PauliZ(0))

    def f(x):
        y = jnp.zeros(3)
        for k in range(3):
            y = y.at[k].set(circuit(x[k] + x[k + 1]))
        return jnp.sum(jnp.cumsum(y) ** 2)

    check(f, (X,))


# --- argmax, argmin -------------------------------------------------------------------


def test_argmax_argmin_values():
    ties = jnp.array([1.0, 3.0, 3.0, -2.0, -2.0])
    nans = jnp.array([1.0, jnp.nan, 5.0, jnp.nan])
    for v in (X, ties, nans, -ties):
        qjit_value(lambda v: jnp.stack([jnp.argmax(v), jnp.argmin(v)]), v)
    qjit_value(lambda m: jnp.argmax(m, axis=0), M)
    qjit_value(lambda m: jnp.argmin(m, axis=1), M)
    qjit_value(lambda n: jnp.argmax(jnp.array([3, -1, 7, 7]) * n), 2)
    qjit_value(lambda x: jnp.argmax(x > 0.5), X)


def test_argmax_picks_the_differentiated_element(check):
    def f(m):
        rows = jnp.argmax(m, axis=1)
        return jnp.sum(m[jnp.arange(3), rows] ** 2) + m[0, jnp.argmin(m[0])]

    check(f, (M,))


def test_select_with_several_cases(check):
    # jnp.select binds argmax over booleans and select_n with three cases.
    def f(x):
        return jnp.sum(jnp.select([x > 1.0, x > 0.0], [x ** 2, jnp.sin(x)], 3.0 * x))

    check(f, (X,))


# --- sort -----------------------------------------------------------------------------


def test_sort_1d(check):
    def f(x):
        return jnp.sum(jnp.sort(x) * WEIGHTS) + jnp.sum(jnp.sort(-x ** 3)[:2])

    check(f, (X,))


@pytest.mark.parametrize("axis", [0, 1])
def test_sort_a_matrix(check, axis):
    def f(m):
        return jnp.sum(jnp.sort(m, axis=axis) * jnp.arange(12.0).reshape(3, 4))

    check(f, (M, ))


def test_argsort_and_multi_operand_sort(check):
    def f(x):
        order = jnp.argsort(-x)
        keys, values = jax.lax.sort((jnp.cos(x), x ** 2), num_keys=1)
        return jnp.sum(x[order] * WEIGHTS) + jnp.sum(values * WEIGHTS) + keys[0]

    check(f, (X,))


def test_sort_values():
    qjit_value(jnp.argsort, jnp.array([2.0, 1.0, 2.0, 0.5, 1.0]))  # stable
    qjit_value(jnp.sort, jnp.array([2.0, jnp.nan, -1.0, jnp.inf, -jnp.inf]))
    qjit_value(lambda n: jnp.sort(jnp.array([5, -3, 2, 2, 9]) * n), -1)
    qjit_value(lambda x: jax.lax.sort((x > 0, x), num_keys=2), X)


def test_sorted_angles_feed_a_qnode(check):
    @qml.qnode(qml.device("default.qubit", wires=2), diff_method="adjoint")
    def circuit(angles):
        qml.RX(angles[0], wires=0)
        qml.RY(angles[1], wires=1)
        qml.CNOT(wires=[0, 1])
        qml.RX(angles[-1], wires=1)
        return qml.expval(qml.PauliZ(1))

    check(lambda x: circuit(jnp.sort(x)), (X,))


# --- pad, rev, split --------------------------------------------------------------------


def test_pad(check):
    def f(x, m):
        a = jnp.pad(x, (2, 1))
        b = jax.lax.pad(x, x[0], [(-1, 2, 2)])  # interior, a negative edge, a traced value
        c = jnp.pad(m, ((1, 0), (0, 2)), constant_values=0.5)
        return (jnp.sum(a * jnp.arange(8.0)) + jnp.sum(jnp.sin(b) * jnp.arange(14.0))
                + jnp.sum(c ** 2))

    check(f, (X, M), argnums=(0, 1))


def test_rev_and_split(check):
    def f(m):
        flipped = jnp.flip(m) * jnp.arange(12.0).reshape(3, 4)
        left, right = jnp.split(m, [1], axis=1)
        top, rest = jnp.split(flipped, [2])
        return jnp.sum(left ** 3) + jnp.sum(jnp.sin(right)) + jnp.sum(top) * jnp.sum(rest)

    check(f, (M,))


# --- scalar primitives ------------------------------------------------------------------


def test_special_functions(check):
    def f(x):
        return (jnp.sum(jax.scipy.special.erf(x) * WEIGHTS)
                + jnp.sum(jax.scipy.special.erfc(x) ** 2)
                + jax.nn.logsumexp(x) + jnp.sum(jax.nn.softmax(x) * WEIGHTS)
                + jnp.sum(jnp.where(jnp.isfinite(jnp.log(x)), x, 2.0 * x)))

    check(f, (X,))


def test_integer_powers_rounding_and_signs(check):
    def f(x, n):
        return (jnp.sum(x ** n) + jnp.sum(jnp.round(4.0 * x) * x)
                + jnp.sign(n - 5) * x[0])

    check(f, (X, 3))
    check(f, (X, -2))


def test_scalar_values():
    halves = jnp.array([0.5, 1.5, 2.5, -0.5, -2.5, 0.2])
    qjit_value(jnp.round, halves)  # to even, as jnp.round
    qjit_value(lambda n: jnp.sign(jnp.array([-4, 0, 9]) * n), 2)
    qjit_value(lambda x: jnp.stack([jnp.all(x > -2.0), jnp.any(x > 3.0)]), X)
    qjit_value(lambda x: jnp.max(x > 0) & ~jnp.min(x > 0), X)


def test_stop_gradient():
    # No central differences here: the value does depend on what stops.
    @qml.qnode(qml.device("default.qubit", wires=1), diff_method="adjoint")
    def circuit(x):
        qml.RX(x[0], wires=0)
        qml.RY(x[1], wires=0)
        return qml.expval(qml.PauliZ(0))

    def f(x):
        c = circuit(x)
        return (jnp.sum(x * jax.lax.stop_gradient(jnp.sin(x)))
                + jax.lax.stop_gradient(x[0]) * x[1] + c * jax.lax.stop_gradient(c))

    assert_close(qgrad.qjit(f)(X), f(X))
    assert_close(qgrad.grad(f)(X), jax.grad(f)(X), what="gradient")


# --- errors -----------------------------------------------------------------------------


def test_one_hot_mode_is_refused_at_the_users_line():
    def f(x):
        return jnp.sum(x.at[jnp.array([1, 2])].get(mode="one_hot"))  # refused

    with pytest.raises(qgrad.CompileError) as error:
        qgrad.qjit(f)(X)
    message = str(error.value)
    assert "'gather' in mode ONE_HOT is not supported" in message, message
    assert f"{HERE}:{line_of(f, '# refused')}" in message, message

    def g(x):
        return jnp.sum(x.at[jnp.array([1, 2])].set(1.0, mode="one_hot"))  # refused

    with pytest.raises(qgrad.CompileError, match=r"'scatter' in mode ONE_HOT") as error:
        qgrad.grad(g)(X)
    assert f"{HERE}:{line_of(g, '# refused')}" in str(error.value)


def test_cumlogsumexp_of_integers_is_refused():
    def f(n):
        return jax.lax.cumlogsumexp(jnp.arange(4) * n)[-1]  # refused

    with pytest.raises(qgrad.CompileError, match="'cumlogsumexp' of i64") as error:
        qgrad.qjit(f)(2)
    assert f"{HERE}:{line_of(f, '# refused')}" in str(error.value)


def test_unsupported_primitive_in_an_apply_names_it():
    def f(x):
        return jnp.sum(x.at[1].apply(jax.lax.erf_inv))  # refused

    with pytest.raises(qgrad.CompileError, match="'erf_inv' is not supported") as error:
        qgrad.qjit(f)(X * 0.1)
    assert f"{HERE}:{line_of(f, '# refused')}" in str(error.value)


def test_top_k_is_not_supported_yet():
    def f(x):
        return jnp.sum(jax.lax.top_k(x, 2)[0])  # refused

    with pytest.raises(qgrad.CompileError, match="'top_k' is not supported") as error:
        qgrad.qjit(f)(X)
    assert f"{HERE}:{line_of(f, '# refused')}" in str(error.value)
