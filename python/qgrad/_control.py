"""JAX's structured control flow (while, scan, cond) as scf ops.

The loop and branch bodies are lowered into the regions of scf.while,
scf.for and scf.if; their constants are the enclosing function's values
(scf regions see them), and their carried values are block arguments.
"""

from . import _lower, _mlir
from ._classical import Value


def _results(fn, count, text, hint="r"):
    if count == 0:
        fn.emit(text)
        return []
    if count == 1:
        return [fn.op(text, hint)]
    return fn.ops(count, text, hint)


def _yield(fn, values, op="scf.yield"):
    if values:
        fn.emit(f"{op} {', '.join(v.ssa for v in values)} : "
                f"{', '.join(v.type for v in values)}")
    else:
        fn.emit(op)


def _block_args(fn, like):
    return [Value(fn.fresh("a"), v.shape, v.dtype) for v in like]


def _signature(args):
    return ", ".join(f"{a.ssa}: {a.type}" for a in args)


def _while(ctx, eqn, operands):
    fn = ctx.fn
    p = eqn.params
    nc, nb = p["cond_nconsts"], p["body_nconsts"]
    cond_extra = operands[:nc]
    body_extra = operands[nc:nc + nb]
    init = operands[nc + nb:]
    types = ", ".join(v.type for v in init)
    before = _block_args(fn, init)
    header_args = ", ".join(f"{a.ssa} = {v.ssa}" for a, v in zip(before, init))
    names = fn.fresh("w")
    count = len(init)
    lhs = names if count == 1 else f"{names}:{count}"
    fn.open_region(f"{lhs} = scf.while ({header_args}) : ({types}) -> ({types}) {{")
    (predicate,) = ctx.inline(p["cond_jaxpr"], cond_extra + before)
    fn.emit(f"scf.condition({predicate.ssa}) {', '.join(a.ssa for a in before)} : "
            f"{types}")
    fn.close_region("} do {")
    after = _block_args(fn, init)
    fn.open_region(f"^bb0({_signature(after)}):")
    outs = ctx.inline(p["body_jaxpr"], body_extra + after)
    _yield(fn, outs)
    fn.close_region("")
    fn.emit_raw("}")
    ssas = [names] if count == 1 else [f"{names}#{i}" for i in range(count)]
    return [Value(s, v.shape, v.dtype) for s, v in zip(ssas, init)]


def _scan(ctx, eqn, operands):
    fn = ctx.fn
    p = eqn.params
    length, reverse = p["length"], p["reverse"]
    n_consts, n_carry = p["num_consts"], p["num_carry"]
    extra = operands[:n_consts]
    carry = operands[n_consts:n_consts + n_carry]
    xs = operands[n_consts + n_carry:]
    ys_avals = [v.aval for v in eqn.outvars[n_carry:]]
    # Scanned outputs are carried as whole tensors and written row by row.
    ys_init = []
    for aval in ys_avals:
        t = Value(None, aval.shape, aval.dtype)
        t.ssa = fn.op(f"tensor.empty() : {t.type}", "ys")
        ys_init.append(t)
    state = carry + ys_init
    lb, ub, step = fn.index(0), fn.index(length), fn.index(1)
    iv = fn.fresh("i")
    args = _block_args(fn, state)
    names = fn.fresh("s")
    count = len(state)
    lhs = "" if count == 0 else (f"{names} = " if count == 1 else f"{names}:{count} = ")
    iter_args = ""
    if state:
        iter_args = (f" iter_args({', '.join(f'{a.ssa} = {v.ssa}' for a, v in zip(args, state))})"
                     f" -> ({', '.join(v.type for v in state)})")
    fn.open_region(f"{lhs}scf.for {iv} = {lb} to {ub} step {step}{iter_args} {{")
    row = iv
    if reverse:
        last = fn.index(length - 1)
        row = fn.op(f"arith.subi {last}, {iv} : index", "row")
    x_values = [_row(fn, x, row) for x in xs]
    outs = ctx.inline(p["jaxpr"], extra + args[:n_carry] + x_values)
    new_carry, ys = outs[:n_carry], outs[n_carry:]
    written = [_write_row(fn, y, acc, row) for y, acc in zip(ys, args[n_carry:])]
    _yield(fn, new_carry + written)
    fn.close_region("}")
    ssas = [names] if count == 1 else [f"{names}#{i}" for i in range(count)]
    return [Value(s, v.shape, v.dtype) for s, v in zip(ssas, state)]


def _row(fn, x, row):
    """x[row] for a scanned operand."""
    rest = x.shape[1:]
    if not rest:
        return Value(fn.op(f"tensor.extract {x.ssa}[{row}] : {x.type}"), (), x.dtype)
    zeros = ", ".join(["0"] * len(rest))
    sliced = Value(None, (1,) + rest, x.dtype)
    sliced.ssa = fn.op(
        f"tensor.extract_slice {x.ssa}[{row}, {zeros}] [1, {', '.join(map(str, rest))}] "
        f"[{', '.join(['1'] * len(x.shape))}] : {x.type} to {sliced.type}")
    from ._classical import reshape

    return reshape(fn, sliced, rest)


def _write_row(fn, y, acc, row):
    if not y.shape:
        return Value(fn.op(f"tensor.insert {y.ssa} into {acc.ssa}[{row}] : {acc.type}"),
                     acc.shape, acc.dtype)
    from ._classical import reshape

    one = reshape(fn, y, (1,) + y.shape)
    zeros = ", ".join(["0"] * len(y.shape))
    return Value(fn.op(
        f"tensor.insert_slice {one.ssa} into {acc.ssa}[{row}, {zeros}] "
        f"[1, {', '.join(map(str, y.shape))}] [{', '.join(['1'] * len(acc.shape))}] : "
        f"{one.type} into {acc.type}"), acc.shape, acc.dtype)


def _if_chain(ctx, branches, args, index, out_avals, first):
    """scf.if on `index == first`, whose else holds the chain of the next
    branches; the last branch is the final else (lax.switch clamps the
    index into range before binding cond)."""
    fn = ctx.fn
    results = [Value(None, a.shape, a.dtype) for a in out_avals]
    types = ", ".join(r.type for r in results)
    names = fn.fresh("if")
    count = len(results)
    lhs = "" if count == 0 else (f"{names} = " if count == 1 else f"{names}:{count} = ")
    arrow = f" -> ({types})" if count else ""
    constant = fn.constant(first, index.element)
    predicate = fn.op(f"arith.cmpi eq, {index.ssa}, {constant} : {index.element}")
    fn.open_region(f"{lhs}scf.if {predicate}{arrow} {{")
    _yield(fn, ctx.inline(branches[first], args))
    fn.close_region("} else {")
    fn._indent += 1
    if len(branches) - first == 2:
        _yield(fn, ctx.inline(branches[first + 1], args))
    else:
        _yield(fn, _if_chain(ctx, branches, args, index, out_avals, first + 1))
    fn.close_region("}")
    for i, r in enumerate(results):
        r.ssa = names if count == 1 else f"{names}#{i}"
    return results


def _cond(ctx, eqn, operands):
    branches = eqn.params["branches"]
    index, args = operands[0], operands[1:]
    if len(branches) == 1:
        return ctx.inline(branches[0], args)
    out_avals = [v.aval for v in eqn.outvars]
    return _if_chain(ctx, branches, args, index, out_avals, 0)


_lower.SPECIAL_RULES.update({"while": _while, "scan": _scan, "cond": _cond})
del _mlir
