"""qgrad.grad and friends as JAX primitives, lowered to the gradient dialect.

Inside a traced function, `qgrad.grad(f)(x)` binds `qgrad_derivative` with
f's jaxpr; the lowering adds f as a function of the module and calls
gradient.grad (or value_and_grad) on it, so the whole hybrid program, its
derivative included, is one module that qgrad's pipeline differentiates
exactly. Outside a trace, the same call is compiled by qjit.
"""

import numpy as np
from jax import core as jax_core
from jax.extend import core as jex_core

from . import _lower, _mlir
from ._classical import Value
from ._errors import CompileError

derivative_p = jex_core.Primitive("qgrad_derivative")
derivative_p.multiple_results = True


def _result_avals(closed, argnums, kind):
    """grad: one block per (result, differentiated argument), result major,
    of shape result ++ argument; value_and_grad: the results first."""
    ins = [v.aval for v in closed.jaxpr.invars]
    outs = [v.aval for v in closed.jaxpr.outvars]
    values = [jax_core.ShapedArray(r.shape, r.dtype) for r in outs]
    if kind == "jvp":
        return values + values
    if kind == "vjp":
        return values + [jax_core.ShapedArray(ins[i].shape, ins[i].dtype)
                         for i in argnums]
    blocks = []
    for r in outs:
        for i in argnums:
            blocks.append(jax_core.ShapedArray(tuple(r.shape) + tuple(ins[i].shape),
                                               ins[i].dtype))
    if kind == "value_and_grad":
        return [jax_core.ShapedArray(r.shape, r.dtype) for r in outs] + blocks
    return blocks


def _abstract_eval(*avals, jaxpr, argnums, kind, method, step, name):
    return _result_avals(jaxpr, argnums, kind)


derivative_p.def_abstract_eval(_abstract_eval)


def _impl(*args, **params):
    raise NotImplementedError("qgrad derivatives run only compiled: call them "
                              "from a qgrad.qjit function or at top level")


derivative_p.def_impl(_impl)


def _check_differentiable(closed, argnums, kind):
    for i in argnums:
        aval = closed.jaxpr.invars[i].aval
        if np.dtype(aval.dtype) != np.float64:
            raise CompileError(f"argument {i} has type {aval.dtype}; qgrad "
                               f"differentiates with respect to float64 values")
    for r in closed.jaxpr.outvars:
        if np.dtype(r.aval.dtype) != np.float64:
            raise CompileError(f"the differentiated function returns "
                               f"{r.aval.dtype}; it must return float64 values")
    if kind in ("grad", "value_and_grad"):
        outs = closed.jaxpr.outvars
        if len(outs) != 1 or outs[0].aval.shape != ():
            raise CompileError("qgrad.grad needs a function returning one scalar; "
                               "use qgrad.jacobian for vector-valued functions")


def _lower_derivative(ctx, eqn, operands):
    closed = eqn.params["jaxpr"]
    argnums = eqn.params["argnums"]
    kind = eqn.params["kind"]
    method = eqn.params["method"]
    step = eqn.params["step"]
    callee = ctx.module.unique_symbol(eqn.params.get("name", "f"))
    _lower.function_from_jaxpr(ctx.module, closed, callee)
    results = [Value(None, v.aval.shape, v.aval.dtype) for v in eqn.outvars]
    op = {"value_and_grad": "value_and_grad", "jvp": "jvp", "vjp": "vjp"}.get(kind, "grad")
    attrs = [f"diffArgIndices = dense<[{', '.join(map(str, argnums))}]> : "
             f"tensor<{len(argnums)}xindex>"]
    if method == "fd":
        attrs.append(f"finiteDiffParam = {_mlir.float_literal(step)} : f64")
    # jvp and vjp take their tangents or cotangents after the arguments.
    n_args = len(closed.jaxpr.invars)
    args, seeds = operands[:n_args], operands[n_args:]
    call = f"@{callee}({', '.join(o.ssa for o in args)})"
    if kind in ("jvp", "vjp"):
        word = "tangents" if kind == "jvp" else "cotangents"
        call += f" {word}({', '.join(o.ssa for o in seeds)})"
    types_in = ", ".join(o.type for o in operands)
    types_out = ", ".join(r.type for r in results)
    text = (f'gradient.{op} "{method}" {call} '
            f'{{{", ".join(attrs)}}} : ({types_in}) -> ({types_out})')
    if len(results) == 1:
        names = [ctx.fn.op(text, "g")]
    else:
        names = ctx.fn.ops(len(results), text, "g")
    for value, name in zip(results, names):
        value.ssa = name
    return results


_lower.SPECIAL_RULES["qgrad_derivative"] = _lower_derivative
