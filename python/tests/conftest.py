"""Shared checks: every value and gradient against PennyLane on default.qubit
with JAX's own derivatives, and every gradient against central differences."""

import jax
import numpy as np
import pytest

import qgrad

TOLERANCE = 1e-10


def _leaves(tree):
    return [np.asarray(x, dtype=np.float64) for x in jax.tree_util.tree_leaves(tree)]


def assert_close(actual, expected, tol=TOLERANCE, what="value"):
    a, e = _leaves(actual), _leaves(expected)
    assert len(a) == len(e), f"{what}: {len(a)} leaves, expected {len(e)}"
    for x, y in zip(a, e):
        assert x.shape == y.shape, f"{what}: shape {x.shape}, expected {y.shape}"
        np.testing.assert_allclose(x, y, rtol=tol, atol=tol, err_msg=what)


def central_differences(fn, args, argnum, h=1e-6):
    """d fn / d args[argnum] by central differences, shaped like the argument."""
    x = np.asarray(args[argnum], dtype=np.float64)
    flat = x.reshape(-1)
    out = np.zeros_like(flat)
    for i in range(flat.size):
        def at(delta):
            moved = flat.copy()
            moved[i] += delta
            new = list(args)
            new[argnum] = moved.reshape(x.shape) if x.shape else moved[0]
            return float(fn(*new))
        out[i] = (at(h) - at(-h)) / (2 * h)
    return out.reshape(x.shape) if x.shape else out[0]


def check_program(fn, args, argnums=0, fd_tol=1e-6, reference=None):
    """qgrad's value and gradient of `fn` against PennyLane + jax.grad (1e-10)
    and central differences of qgrad's own compiled value (fd_tol). The
    expected values come from `reference` when given (the same program with
    qnodes PennyLane differentiates exactly, by backprop say)."""
    reference = reference or fn
    compiled = qgrad.qjit(fn)
    value = compiled(*args)
    assert_close(value, reference(*args), what="value")
    gradient = qgrad.grad(fn, argnums=argnums)(*args)
    assert_close(gradient, jax.grad(reference, argnums=argnums)(*args),
                 what="gradient")
    nums = (argnums,) if isinstance(argnums, int) else argnums
    grads = (gradient,) if isinstance(argnums, int) else gradient
    for n, g in zip(nums, grads):
        fd = central_differences(compiled, args, n)
        assert_close(g, fd, tol=fd_tol, what=f"gradient {n} against central differences")
    return compiled


@pytest.fixture
def check():
    return check_program
