"""qgrad.qjit, qgrad.grad, qgrad.value_and_grad, qgrad.jacobian."""

import contextlib
import functools
import os

import jax
import jax.numpy as jnp
import numpy as np
import pennylane as qml

from . import _control, _derivatives, _lower, _mlir, _quantum  # noqa: F401 (rules)
from ._errors import CompileError

try:
    from . import _native
except ImportError as error:  # pragma: no cover - a build without the extension
    _native = None
    _native_error = error


@contextlib.contextmanager
def _capture():
    """PennyLane's program capture, on only while qgrad traces."""
    was_enabled = qml.capture.enabled()
    if not was_enabled:
        qml.capture.enable()
    try:
        yield
    finally:
        if not was_enabled:
            qml.capture.disable()


def _is_tracer(x):
    return isinstance(x, jax.core.Tracer)


def _abstract(leaf):
    if _is_tracer(leaf):
        return jax.ShapeDtypeStruct(leaf.shape, leaf.dtype)
    array = np.asarray(leaf)
    if array.dtype == np.dtype("float32") and not hasattr(leaf, "dtype"):
        array = array.astype(np.float64)
    if array.dtype.kind == "c":
        raise TypeError("qgrad does not take complex arguments")
    _mlir.element_type(array.dtype)  # raises TypeError for other types
    return jax.ShapeDtypeStruct(array.shape, array.dtype)


_PYTHON_SCALARS = {bool: np.dtype("bool"), int: np.dtype("int64"),
                   float: np.dtype("float64")}


def _leaf_key(leaf):
    """(shape, dtype) as _abstract would trace it, without converting."""
    dtype = getattr(leaf, "dtype", None)
    if dtype is not None and hasattr(leaf, "shape"):
        return tuple(leaf.shape), dtype
    scalar = _PYTHON_SCALARS.get(type(leaf))
    if scalar is not None:
        return (), scalar
    aval = _abstract(leaf)
    return tuple(aval.shape), np.dtype(aval.dtype)


def _signature_key(leaves, treedef):
    return treedef, tuple(_leaf_key(leaf) for leaf in leaves)


class _Traced:
    """`fn` traced over the flat leaves of its arguments: the closed jaxpr,
    the leaves' avals, and the results' leaves and tree."""

    def __init__(self, fn, leaves, treedef):
        self.avals = [_abstract(leaf) for leaf in leaves]

        def flat_fn(*flat):
            return fn(*jax.tree_util.tree_unflatten(treedef, list(flat)))

        with _capture():
            self.closed, out_shape = jax.make_jaxpr(flat_fn, return_shape=True)(
                *self.avals)
        self.out_leaves, self.out_tree = jax.tree_util.tree_flatten(out_shape)


class _ArgumentLeaves:
    """The flat leaves of positional arguments, and the leaf positions of the
    arguments `nums` (those a derivative is taken with respect to)."""

    def __init__(self, args, nums):
        self.leaves, self.treedef = jax.tree_util.tree_flatten(args)
        self.per_argument = [jax.tree_util.tree_flatten(a) for a in args]
        self.nums = nums
        starts, offset = [], 0
        for flat, _ in self.per_argument:
            starts.append(offset)
            offset += len(flat)
        self.positions = [p for n in nums
                          for p in range(starts[n], starts[n] + len(self.per_argument[n][0]))]

    def regroup(self, flat):
        """Leaves laid out as `positions` back into one tree per argument of
        `nums`."""
        grouped, k = [], 0
        for n in self.nums:
            count = len(self.per_argument[n][0])
            grouped.append(jax.tree_util.tree_unflatten(self.per_argument[n][1],
                                                        flat[k:k + count]))
            k += count
        return grouped


class _Compiled:
    """One compiled signature of a qjit function."""

    def __init__(self, fn, name, leaves, treedef, keep_intermediate, opt_level):
        traced = _Traced(fn, leaves, treedef)
        self.out_tree = traced.out_tree
        self.mlir, self.entry = _lower.translate(traced.closed, name)
        self.in_dtypes = [np.dtype(a.dtype) for a in traced.avals]
        # Complex results arrive as (..., 2) float64 pairs (_lower.translate).
        self.complex_results = [np.dtype(leaf.dtype).kind == "c"
                                for leaf in traced.out_leaves]
        self.in_shapes = [tuple(a.shape) for a in traced.avals]
        if _native is None:
            raise ImportError(f"qgrad's extension module is missing: {_native_error}")
        buffer = f"{name}.mlir"
        try:
            self.program = _native.Program(self.mlir, buffer, [self.entry],
                                           opt_level, keep_intermediate or "")
        except _native.CompileError as error:
            raise CompileError(str(error)) from None

    def __call__(self, leaves):
        arrays = [np.asarray(leaf, dtype=dtype, order="C")
                  for leaf, dtype in zip(leaves, self.in_dtypes)]
        for i, (array, shape) in enumerate(zip(arrays, self.in_shapes)):
            if array.shape != shape:
                raise ValueError(f"argument {i}: expected shape {shape}, got "
                                 f"{array.shape}")
        results = self.program.call(self.entry, arrays)
        results = [r.view(np.complex128)[..., 0] if is_complex else r
                   for r, is_complex in zip(results, self.complex_results)]
        results = [r[()] if r.ndim == 0 else r for r in results]
        return jax.tree_util.tree_unflatten(self.out_tree, results)


class QJIT:
    """A function compiled by qgrad once per argument signature."""

    def __init__(self, fn, keep_intermediate=None, opt_level=2):
        functools.update_wrapper(self, fn)
        self.fn = fn
        self.keep_intermediate = keep_intermediate
        self.opt_level = opt_level
        self._cache = {}
        self._last = None

    def _compiled(self, args, flat=None):
        leaves, treedef = flat or jax.tree_util.tree_flatten(args)
        key = _signature_key(leaves, treedef)
        compiled = self._cache.get(key)
        if compiled is None:
            name = getattr(self.fn, "__name__", "qjit")
            keep = self.keep_intermediate
            if keep:
                os.makedirs(keep, exist_ok=True)
            compiled = _Compiled(lambda *a: self.fn(*a), name, leaves, treedef,
                                 keep, self.opt_level)
            if keep:
                with open(os.path.join(keep, f"{name}.mlir"), "w") as out:
                    out.write(compiled.mlir)
            self._cache[key] = compiled
        self._last = compiled
        return compiled, leaves

    def __call__(self, *args):
        flat = jax.tree_util.tree_flatten(args)
        if any(isinstance(leaf, jax.core.Tracer) for leaf in flat[0]):
            # Called inside another qgrad trace: inlined there.
            return self.fn(*args)
        compiled, leaves = self._compiled(args, flat)
        return compiled(leaves)

    def lower(self, *args):
        """Compiles for these arguments (without running); returns self."""
        self._compiled(args)
        return self

    @property
    def mlir(self):
        """The MLIR qgrad compiled for the most recent signature."""
        if self._last is None:
            raise RuntimeError("nothing is compiled yet: call the function (or "
                               ".lower(*args)) first")
        return self._last.mlir


def qjit(fn=None, *, keep_intermediate=None, opt_level=2):
    """Compiles `fn` (jax.numpy code calling qnodes) with qgrad."""
    if fn is None:
        return lambda f: QJIT(f, keep_intermediate, opt_level)
    return QJIT(fn, keep_intermediate, opt_level)


def _normalize_argnums(argnums, count):
    single = isinstance(argnums, int)
    nums = (argnums,) if single else tuple(argnums)
    for n in nums:
        if not -count <= n < count:
            raise ValueError(f"argnums {n} is out of range for {count} arguments")
    return single, tuple(n % count for n in nums)


class _Derivative:
    def __init__(self, fn, argnums, kind, method, h):
        functools.update_wrapper(self, fn)
        self.fn = fn.fn if isinstance(fn, QJIT) else fn
        self.argnums = argnums
        self.kind = kind
        self.method = {"auto": "auto", "fd": "fd", "finite-diff": "fd"}.get(method)
        if self.method is None:
            raise ValueError(f"method must be 'auto' or 'fd', not {method!r}")
        self.h = float(h)
        traced = functools.partial(_Derivative._traced, self)
        traced.__name__ = f"{getattr(self.fn, '__name__', 'f')}_{kind}"
        self._compiled = QJIT(traced, opt_level=2)

    def _traced(self, *args):
        single, nums = _normalize_argnums(self.argnums, len(args))
        arguments = _ArgumentLeaves(args, nums)
        positions = arguments.positions
        traced = _Traced(self.fn, arguments.leaves, arguments.treedef)
        _derivatives._check_differentiable(traced.closed, positions, self.kind)
        outs = _derivatives.derivative_p.bind(
            *arguments.leaves, jaxpr=traced.closed, argnums=tuple(positions),
            kind=self.kind, method=self.method, step=self.h,
            name=getattr(self.fn, "__name__", "f"))
        n_out = len(traced.out_leaves)
        values = outs[:n_out] if self.kind == "value_and_grad" else []
        blocks = outs[n_out:] if self.kind == "value_and_grad" else outs

        # Blocks are result major; regroup per result as the arguments' trees.
        def per_result(r):
            grouped = arguments.regroup(blocks[r * len(positions):(r + 1) * len(positions)])
            return grouped[0] if single else tuple(grouped)

        gradient = jax.tree_util.tree_unflatten(
            traced.out_tree, [per_result(r) for r in range(n_out)])
        if self.kind == "value_and_grad":
            return jax.tree_util.tree_unflatten(traced.out_tree, values), gradient
        return gradient

    def __call__(self, *args):
        if any(_is_tracer(leaf) for leaf in jax.tree_util.tree_leaves(args)):
            return self._traced(*args)
        return self._compiled(*args)

    @property
    def mlir(self):
        return self._compiled.mlir


def grad(fn, argnums=0, method="auto", h=1e-7):
    """The exact gradient of a scalar function (a qjit function or a plain
    one), as jax.grad returns it."""
    return _Derivative(fn, argnums, "grad", method, h)


def value_and_grad(fn, argnums=0, method="auto", h=1e-7):
    return _Derivative(fn, argnums, "value_and_grad", method, h)


def jacobian(fn, argnums=0, method="auto", h=1e-7):
    """The Jacobian of a function returning arrays: for each result, the
    blocks of shape (result shape + argument shape)."""
    return _Derivative(fn, argnums, "jacobian", method, h)


def _linearized(fn, kind, primals, seeds, argnums):
    """jvp/vjp of `fn` at `primals` as one qgrad_derivative equation; returns
    (results, tangents of the results) or (results, cotangents of the
    arguments), as pytrees."""
    primals = tuple(primals)
    nums = tuple(range(len(primals))) if argnums is None else (
        _normalize_argnums(argnums, len(primals))[1])
    arguments = _ArgumentLeaves(primals, nums)
    positions = arguments.positions
    traced = _Traced(fn, arguments.leaves, arguments.treedef)
    out_leaves, out_tree = traced.out_leaves, traced.out_tree
    seed_leaves = jax.tree_util.tree_leaves(seeds)
    expected = ([traced.avals[p] for p in positions] if kind == "jvp" else out_leaves)
    if len(seed_leaves) != len(expected) or any(
            tuple(np.shape(s)) != tuple(e.shape) for s, e in zip(seed_leaves, expected)):
        what = "tangents (one per differentiated argument)" if kind == "jvp" else \
            "cotangents (one per result)"
        raise ValueError(f"{kind}: expected {what} of shapes "
                         f"{[tuple(e.shape) for e in expected]}, got "
                         f"{[tuple(np.shape(s)) for s in seed_leaves]}")
    _derivatives._check_differentiable(traced.closed, positions, kind)
    seed_leaves = [jnp.asarray(s, dtype=e.dtype) for s, e in zip(seed_leaves, expected)]
    outs = _derivatives.derivative_p.bind(
        *arguments.leaves, *seed_leaves, jaxpr=traced.closed, argnums=tuple(positions),
        kind=kind, method="auto", step=0.0, name=getattr(fn, "__name__", "f"))
    n_out = len(out_leaves)
    results = jax.tree_util.tree_unflatten(out_tree, outs[:n_out])
    if kind == "jvp":
        return results, jax.tree_util.tree_unflatten(out_tree, outs[n_out:])
    return results, tuple(arguments.regroup(outs[n_out:]))


def _compiled_linearized(kind, fn, primals, seeds, argnums):
    values = jax.tree_util.tree_leaves((primals, seeds))
    if any(_is_tracer(v) for v in values):
        return _linearized(fn, kind, primals, seeds, argnums)

    def run(primals, seeds):
        return _linearized(fn, kind, primals, seeds, argnums)

    run.__name__ = f"{getattr(fn, '__name__', 'f')}_{kind}"
    return QJIT(run)(tuple(primals), seeds)


def jvp(fn, primals, tangents, argnums=None):
    """Forward mode, as Catalyst's jvp: (fn(*primals), J . tangents), with
    one tangent per differentiated argument (all arguments by default)."""
    fn = fn.fn if isinstance(fn, QJIT) else fn
    return _compiled_linearized("jvp", fn, primals, tuple(tangents), argnums)


def vjp(fn, primals, cotangents, argnums=None):
    """Reverse mode, as Catalyst's vjp: (fn(*primals), cotangents . J), with
    one cotangent per result of fn."""
    fn = fn.fn if isinstance(fn, QJIT) else fn
    return _compiled_linearized("vjp", fn, primals, cotangents, argnums)


def for_loop(lower, upper, step=1):
    """Catalyst's for_loop: `for_loop(0, n, 1)(body)(*init)` runs
    `carry = body(i, *carry)` for i in range(lower, upper, step), with
    bounds that may be traced values; it compiles to one scf.while."""
    def decorator(body):
        def loop(*init):
            single = len(init) == 1

            def keep_going(state):
                return state[0] < upper if step > 0 else state[0] > upper

            def advance(state):
                out = body(state[0], *state[1:])
                out = (out,) if single else tuple(out)
                return (state[0] + step,) + out

            final = jax.lax.while_loop(keep_going, advance, (lower,) + tuple(init))
            return final[1] if single else final[1:]

        return loop

    return decorator


def while_loop(cond_fn):
    """Catalyst's while_loop: `while_loop(cond)(body)(*init)`."""
    def decorator(body):
        def loop(*init):
            single = len(init) == 1

            def keep_going(state):
                return cond_fn(*state)

            def advance(state):
                out = body(*state)
                return (out,) if single else tuple(out)

            final = jax.lax.while_loop(keep_going, advance, tuple(init))
            return final[0] if single else final

        return loop

    return decorator


def cond(predicate, true_fn, false_fn, *operands):
    """lax.cond: one of two branches, chosen at run time (scf.if)."""
    return jax.lax.cond(predicate, true_fn, false_fn, *operands)


__all__ = ["qjit", "grad", "value_and_grad", "jacobian", "jvp", "vjp", "for_loop",
           "while_loop", "cond", "CompileError"]
