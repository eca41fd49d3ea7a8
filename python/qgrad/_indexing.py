"""jax.numpy's primitives that move elements: indexing and sorting.

gather (x[idx], jnp.take), dynamic_slice and dynamic_update_slice (x[i]
with a traced i), the scatter family (x.at[i].set/add/...), sort (also
with several operands, as argsort binds it), argmax/argmin, the cumulative
reductions, pad, rev and split. All of them are plain loops over tensors
(linalg.generic reading with tensor.extract, scf.for writing with
tensor.insert), which bufferize to loads and stores that qgrad's AD
engine differentiates like any other.
"""

import numpy as np

from . import _mlir
from ._classical import Value, _fill, _unsupported, to_scalar
from ._errors import CompileError


# --- Loops and index maps, for the rules that move elements -----------------


def to_index(fn, value):
    """An integer scalar Value as an MLIR index."""
    if _mlir.is_float(value.element) or value.element == "i1":
        raise CompileError(f"an index of type {value.element}")
    return fn.op(f"arith.index_cast {value.ssa} : {value.element} to index", "ix")


def clamp_index(fn, index, low, high):
    """min(max(index, low), high) on index values; low/high are ints."""
    lo, hi = fn.index(low), fn.index(high)
    raised = fn.op(f"arith.maxsi {index}, {lo} : index", "ix")
    return fn.op(f"arith.minsi {raised}, {hi} : index", "ix")


def generate(fn, shape, dtype, body):
    """The array whose element at each index is body(fn, [index ssa]): a
    linalg.generic with only an output, reading its operands (captured)
    with tensor.extract where the body needs them."""
    shape = tuple(shape)
    if not shape:
        return Value(body(fn, []), (), dtype)
    out = Value(None, shape, dtype)
    init = fn.op(f"tensor.empty() : {out.type}", "init")
    iterators = ", ".join(['"parallel"'] * len(shape))
    out.ssa = fn.fresh("t")
    fn.open_region(f"{out.ssa} = linalg.generic {{indexing_maps = "
                   f"[{_mlir.identity_map(len(shape))}], iterator_types = "
                   f"[{iterators}]}} outs({init} : {out.type}) {{")
    fn.emit_raw(f"^bb0({fn.fresh('o')}: {out.element}):")
    indices = [fn.op(f"linalg.index {d} : index", "ix") for d in range(len(shape))]
    fn.emit(f"linalg.yield {body(fn, indices)} : {out.element}")
    fn.close_region(f"}} -> {out.type}")
    return out


def extract(fn, value, indices):
    """value[indices] as a scalar ssa (indices are index ssas)."""
    if not value.shape:
        return value.ssa
    return fn.op(f"tensor.extract {value.ssa}[{', '.join(indices)}] : {value.type}")


def for_loop(fn, lower, upper, state, body):
    """scf.for from `lower` to `upper` (ints) carrying the Values `state`;
    body(fn, iv, args) returns the new state. Returns the final state."""
    lb, ub, step = fn.index(lower), fn.index(upper), fn.index(1)
    iv = fn.fresh("i")
    args = [Value(fn.fresh("a"), v.shape, v.dtype) for v in state]
    names = fn.fresh("s")
    count = len(state)
    lhs = names if count == 1 else f"{names}:{count}"
    carried = ", ".join(f"{a.ssa} = {v.ssa}" for a, v in zip(args, state))
    types = ", ".join(v.type for v in state)
    fn.open_region(f"{lhs} = scf.for {iv} = {lb} to {ub} step {step} "
                   f"iter_args({carried}) -> ({types}) {{")
    new = body(fn, iv, args)
    fn.emit(f"scf.yield {', '.join(v.ssa for v in new)} : {types}")
    fn.close_region("}")
    ssas = [names] if count == 1 else [f"{names}#{i}" for i in range(count)]
    return [Value(s, v.shape, v.dtype) for s, v in zip(ssas, state)]


def unflatten(fn, flat, shape):
    """The multi-index (index ssas) of the row-major position `flat`."""
    indices, rest = [], flat
    for d in reversed(range(len(shape))):
        if d == 0:
            indices.append(rest)
            break
        size = fn.index(shape[d])
        indices.append(fn.op(f"arith.remui {rest}, {size} : index", "ix"))
        rest = fn.op(f"arith.divui {rest}, {size} : index", "ix")
    return indices[::-1]


def map_values(fn, values, dtype, body):
    """Elementwise body(fn, [scalar ssa]) over same-shaped Values."""
    shape = values[0].shape
    if not shape:
        return Value(body(fn, [v.ssa for v in values]), (), dtype)
    out = Value(None, shape, dtype)
    init = fn.op(f"tensor.empty() : {out.type}", "init")
    maps = ", ".join([_mlir.identity_map(len(shape))] * (len(values) + 1))
    iterators = ", ".join(['"parallel"'] * len(shape))
    out.ssa = fn.fresh("t")
    fn.open_region(f"{out.ssa} = linalg.generic {{indexing_maps = [{maps}], "
                   f"iterator_types = [{iterators}]}} ins({', '.join(v.ssa for v in values)} : "
                   f"{', '.join(v.type for v in values)}) outs({init} : {out.type}) {{")
    args = [fn.fresh("x") for _ in values]
    o = fn.fresh("o")
    sig = ", ".join(f"{a}: {v.element}" for a, v in zip(args, values))
    fn.emit_raw(f"^bb0({sig}, {o}: {out.element}):")
    fn.emit(f"linalg.yield {body(fn, args)} : {out.element}")
    fn.close_region(f"}} -> {out.type}")
    return out


# --- Cumulative reductions, padding, reversal, splitting ----------------------


def _logaddexp(fn, a, b, e):
    # m + log(exp(a - m) + exp(b - m)) with m = max(a, b): invariant in m, so
    # its derivative is right at ties too (one half each).
    m = fn.op(f"arith.maximumf {a}, {b} : {e}")
    da = fn.op(f"arith.subf {a}, {m} : {e}")
    db = fn.op(f"arith.subf {b}, {m} : {e}")
    ea = fn.op(f"math.exp {da} : {e}")
    eb = fn.op(f"math.exp {db} : {e}")
    total = fn.op(f"arith.addf {ea}, {eb} : {e}")
    return fn.op(f"arith.addf {m}, {fn.op(f'math.log {total} : {e}')} : {e}")


_CUMULATIVE = {
    "cumsum": ("addf", "addi"),
    "cumprod": ("mulf", "muli"),
    "cummax": ("maximumf", "maxsi"),
    "cummin": ("minimumf", "minsi"),
    "cumlogsumexp": (None, None),
}


def _cumulative(ctx, eqn, operands):
    """jnp.cumsum & co.: one scf.for over the elements, the scanned axis
    outermost. The result starts as the operand (the first slice is its
    own); step (k, rest) writes result[k-1, rest] combined with
    operand[k, rest] into result[k, rest]. Only tensor.extract/insert:
    slices at traced offsets of rank >= 2 need affine maps that the
    pipeline does not lower after expand-strided-metadata."""
    fn, x = ctx.fn, operands[0]
    name = eqn.primitive.name
    axis, reverse = eqn.params["axis"], eqn.params["reverse"]
    e = x.element
    float_op, int_op = _CUMULATIVE[name]
    if e == "i1" or (name == "cumlogsumexp" and not _mlir.is_float(e)):
        _unsupported(eqn, f"'{name}' of {e}")
    op = float_op if _mlir.is_float(e) else int_op
    n = x.shape[axis]
    rest = tuple(s for d, s in enumerate(x.shape) if d != axis)
    size = int(np.prod(rest)) if rest else 1
    if n <= 1 or size == 0:
        return [x]

    def step(fn, j, args):
        (out,) = args
        k = fn.op(f"arith.divui {j}, {fn.index(size)} : index", "ix")
        others = unflatten(fn, fn.op(f"arith.remui {j}, {fn.index(size)} : index", "ix"),
                           rest) if rest else []
        previous = fn.op(f"arith.subi {k}, {fn.index(1)} : index", "ix")
        if reverse:
            last = fn.index(n - 1)
            k = fn.op(f"arith.subi {last}, {k} : index", "ix")
            previous = fn.op(f"arith.subi {last}, {previous} : index", "ix")

        def at(p):
            return others[:axis] + [p] + others[axis:]

        a, b = extract(fn, out, at(previous)), extract(fn, x, at(k))
        combined = (_logaddexp(fn, a, b, e) if op is None
                    else fn.op(f"arith.{op} {a}, {b} : {e}"))
        written = fn.op(f"tensor.insert {combined} into {out.ssa}[{', '.join(at(k))}] : "
                        f"{out.type}")
        return [Value(written, out.shape, out.dtype)]

    return for_loop(fn, size, n * size, [x], step)


def _pad(ctx, eqn, operands):
    """lax.pad element by element: result[i] is operand[(i - low) /
    (interior + 1)] where that is a whole index inside the operand, the
    padding value elsewhere (negative edges crop). Not an insert_slice with
    strides: copying into a non-contiguous view calls memrefCopy, which the
    JIT does not link."""
    fn, x, value = ctx.fn, operands[0], operands[1]
    config = [tuple(int(c) for c in dim) for dim in eqn.params["padding_config"]]
    if not x.shape:
        return [x]
    if any(interior < 0 for _, _, interior in config):
        _unsupported(eqn, "'pad' with negative interior padding")
    padding = to_scalar(fn, value)
    shape = tuple(eqn.outvars[0].aval.shape)

    def body(fn, indices):
        inside, source = None, []
        for i, size, (low, _, interior) in zip(indices, x.shape, config):
            t = fn.op(f"arith.subi {i}, {fn.index(low)} : index", "ix")
            step = interior + 1
            q = fn.op(f"arith.divsi {t}, {fn.index(step)} : index", "ix") if step > 1 else t
            checks = [fn.op(f"arith.cmpi sge, {t}, {fn.index(0)} : index"),
                      fn.op(f"arith.cmpi slt, {q}, {fn.index(size)} : index")]
            if step > 1:
                r = fn.op(f"arith.remsi {t}, {fn.index(step)} : index", "ix")
                checks.append(fn.op(f"arith.cmpi eq, {r}, {fn.index(0)} : index"))
            for ok in checks:
                inside = ok if inside is None else fn.op(f"arith.andi {inside}, {ok} : i1")
            source.append(clamp_index(fn, q, 0, max(size - 1, 0)))
        if any(size == 0 for size in x.shape):
            return padding.ssa
        element = extract(fn, x, source)
        return fn.op(f"arith.select {inside}, {element}, {padding.ssa} : {x.element}")

    return [generate(fn, shape, x.dtype, body)]


def concatenate_elementwise(fn, operands, axis, aval):
    """lax.concatenate as one generate: along `axis`, each element comes
    from the operand whose range holds it (a chain of selects)."""
    def body(fn, indices):
        result, offset = None, 0
        for o in operands:
            size = o.shape[axis]
            local = fn.op(f"arith.subi {indices[axis]}, {fn.index(offset)} : index", "ix")
            local = clamp_index(fn, local, 0, size - 1)
            element = extract(fn, o, indices[:axis] + [local] + indices[axis + 1:])
            if result is None:
                result = element
            else:
                later = fn.op(f"arith.cmpi sge, {indices[axis]}, {fn.index(offset)} : index")
                result = fn.op(f"arith.select {later}, {element}, {result} : {o.element}")
            offset += size
        return result

    operands = [o for o in operands if o.shape[axis] > 0]
    return generate(fn, aval.shape, aval.dtype, body)


def _rev(ctx, eqn, operands):
    fn, x = ctx.fn, operands[0]
    dims = set(eqn.params["dimensions"])

    def body(fn, indices):
        moved = [fn.op(f"arith.subi {fn.index(x.shape[d] - 1)}, {i} : index", "ix")
                 if d in dims else i for d, i in enumerate(indices)]
        return extract(fn, x, moved)

    return [generate(fn, x.shape, x.dtype, body)]


def _split(ctx, eqn, operands):
    fn, x = ctx.fn, operands[0]
    axis = eqn.params["axis"]
    outs, offset = [], 0
    for var in eqn.outvars:
        shape = tuple(var.aval.shape)
        out = Value(None, shape, x.dtype)
        offsets = [offset if d == axis else 0 for d in range(len(shape))]
        out.ssa = fn.op(
            f"tensor.extract_slice {x.ssa}[{', '.join(map(str, offsets))}] "
            f"[{', '.join(map(str, shape))}] [{', '.join(['1'] * len(shape))}] : "
            f"{x.type} to {out.type}")
        outs.append(out)
        offset += shape[axis]
    return outs


# --- Dynamic slices ------------------------------------------------------------


def _clamped_starts(fn, starts, shape, sizes):
    """lax's dynamic starts, clamped so that the slice lies in the operand
    (as JAX does)."""
    return [clamp_index(fn, to_index(fn, to_scalar(fn, s)), 0, dim - size)
            for s, dim, size in zip(starts, shape, sizes)]


def _dynamic_slice(ctx, eqn, operands):
    # Element by element (generate), not tensor.extract_slice: see
    # _cumulative on slices at traced offsets.
    fn, x = ctx.fn, operands[0]
    sizes = tuple(int(s) for s in eqn.params["slice_sizes"])
    if len(operands) != 1 + len(x.shape):
        _unsupported(eqn, "'dynamic_slice' with dynamic sizes")
    starts = _clamped_starts(fn, operands[1:], x.shape, sizes)

    def body(fn, indices):
        return extract(fn, x, [fn.op(f"arith.addi {s}, {i} : index", "ix")
                               for s, i in zip(starts, indices)])

    return [generate(fn, sizes, x.dtype, body)]


def _dynamic_update_slice(ctx, eqn, operands):
    """Every element of the result is the update's where the (clamped)
    window covers it, the operand's elsewhere."""
    fn, x, update = ctx.fn, operands[0], operands[1]
    if not x.shape:
        return [update]
    if len(operands) != 2 + len(x.shape):
        _unsupported(eqn, "'dynamic_update_slice' with these operands")
    starts = _clamped_starts(fn, operands[2:], x.shape, update.shape)

    def body(fn, indices):
        inside, moved = None, []
        for i, s, size in zip(indices, starts, update.shape):
            offset = fn.op(f"arith.subi {i}, {s} : index", "ix")
            # offset in [0, size) as one unsigned comparison.
            ok = fn.op(f"arith.cmpi ult, {offset}, {fn.index(size)} : index")
            inside = ok if inside is None else fn.op(f"arith.andi {inside}, {ok} : i1")
            moved.append(clamp_index(fn, offset, 0, size - 1))
        new, old = extract(fn, update, moved), extract(fn, x, indices)
        return fn.op(f"arith.select {inside}, {new}, {old} : {x.element}")

    return [generate(fn, x.shape, x.dtype, body)]


# --- gather and scatter ---------------------------------------------------------


def _mode(eqn):
    """'clip', 'fill' (FILL_OR_DROP) or 'promise' (PROMISE_IN_BOUNDS, or
    no mode); other modes (ONE_HOT) are refused."""
    mode = eqn.params.get("mode")
    name = getattr(mode, "name", None) or str(mode or "PROMISE_IN_BOUNDS")
    name = name.rsplit(".", 1)[-1].upper()
    modes = {"CLIP": "clip", "FILL_OR_DROP": "fill", "PROMISE_IN_BOUNDS": "promise"}
    if name not in modes:
        _unsupported(eqn, f"'{eqn.primitive.name}' in mode {name}")
    return modes[name]


def _window_starts(fn, indices, batch, index_map, operand_shape, window,
                   batching=((), ())):
    """The operand start of one gather/scatter window: index_map[k] <-
    indices[batch..., k], batching operand dims <- their batch index.
    Returns (starts clamped into the operand, in-bounds i1 or None)."""
    starts = [None] * len(operand_shape)
    for k, d in enumerate(index_map):
        position = list(batch) + [fn.index(k)]
        raw = Value(extract(fn, indices, position), (), indices.dtype)
        starts[d] = to_index(fn, raw)
    for d, b in zip(*batching):
        starts[d] = batch[b]
    in_bounds = None
    for d in index_map:
        high = operand_shape[d] - window[d]
        low_ok = fn.op(f"arith.cmpi sge, {starts[d]}, {fn.index(0)} : index")
        high_ok = fn.op(f"arith.cmpi sle, {starts[d]}, {fn.index(high)} : index")
        ok = fn.op(f"arith.andi {low_ok}, {high_ok} : i1")
        in_bounds = ok if in_bounds is None else fn.op(f"arith.andi {in_bounds}, {ok} : i1")
        starts[d] = clamp_index(fn, starts[d], 0, high)
    zero = None
    for d, start in enumerate(starts):
        if start is None:
            zero = zero or fn.index(0)
            starts[d] = zero
    return starts, in_bounds


def _fill_value(fn, eqn, element, dtype):
    value = eqn.params.get("fill_value")
    if value is None:
        if _mlir.is_float(element):
            value = np.nan
        elif element == "i1":
            value = True
        else:
            value = np.iinfo(dtype).min
    return fn.constant(value, element)


def _gather(ctx, eqn, operands):
    """XLA's gather, element by element: each output index splits into its
    batch part (which row of `indices` holds the window's start) and its
    offset part (the position inside the window)."""
    fn, x, indices = ctx.fn, operands[0], operands[1]
    dn = eqn.params["dimension_numbers"]
    sizes = tuple(int(s) for s in eqn.params["slice_sizes"])
    offset_dims = tuple(dn.offset_dims)
    collapsed = set(dn.collapsed_slice_dims)
    batching = (tuple(getattr(dn, "operand_batching_dims", ())),
                tuple(getattr(dn, "start_indices_batching_dims", ())))
    aval = eqn.outvars[0].aval
    window_dims = [d for d in range(len(x.shape))
                   if d not in collapsed and d not in batching[0]]
    if not indices.shape or len(offset_dims) != len(window_dims):
        _unsupported(eqn, "this form of 'gather'")
    mode = _mode(eqn)

    def body(fn, out_index):
        batch = [i for d, i in enumerate(out_index) if d not in offset_dims]
        starts, in_bounds = _window_starts(fn, indices, batch, dn.start_index_map,
                                           x.shape, sizes, batching)
        position = list(starts)
        for d, o in zip(window_dims, offset_dims):
            position[d] = fn.op(f"arith.addi {starts[d]}, {out_index[o]} : index", "ix")
        value = extract(fn, x, position)
        if mode != "fill" or in_bounds is None:
            return value
        fill = _fill_value(fn, eqn, x.element, x.dtype)
        return fn.op(f"arith.select {in_bounds}, {value}, {fill} : {x.element}")

    return [generate(fn, aval.shape, aval.dtype, body)]


_SCATTER = {
    "scatter": (None, None),
    "scatter-add": ("addf", "addi"),
    "scatter_add": ("addf", "addi"),
    "scatter-sub": ("subf", "subi"),
    "scatter_sub": ("subf", "subi"),
    "scatter-mul": ("mulf", "muli"),
    "scatter_mul": ("mulf", "muli"),
    "scatter-min": ("minimumf", "minsi"),
    "scatter_min": ("minimumf", "minsi"),
    "scatter-max": ("maximumf", "maxsi"),
    "scatter_max": ("maximumf", "maxsi"),
}


def _scatter(ctx, eqn, operands):
    """XLA's scatter as one scf.for over the updates' elements, each read,
    combined with the operand's element it lands on and written back
    (updates outside the operand are dropped, or clamped in "clip" mode)."""
    fn = ctx.fn
    x, indices, updates = operands
    name = eqn.primitive.name
    dn = eqn.params["dimension_numbers"]
    window_dims = tuple(dn.update_window_dims)
    inserted = set(dn.inserted_window_dims)
    batching = (tuple(getattr(dn, "operand_batching_dims", ())),
                tuple(getattr(dn, "scatter_indices_batching_dims", ())))
    operand_window = [d for d in range(len(x.shape))
                      if d not in inserted and d not in batching[0]]
    if (not x.shape or not indices.shape or len(operand_window) != len(window_dims)):
        _unsupported(eqn, f"this form of '{name}'")
    e = x.element
    # How an update combines with the element it lands on: JAX's
    # update_jaxpr (add for scatter-add, the function of .at[].apply),
    # lowered in the loop; none for scatter (set).
    update_jaxpr = eqn.params.get("update_jaxpr")
    update_consts = eqn.params.get("update_consts", ())
    if update_jaxpr is None and name != "scatter":
        float_op, int_op = _SCATTER[name]
        if e == "i1":
            _unsupported(eqn, f"'{name}' of booleans")
        op = float_op if _mlir.is_float(e) else int_op
    window = [1] * len(x.shape)
    for d, u in zip(operand_window, window_dims):
        window[d] = updates.shape[u]
    clip = _mode(eqn) == "clip"
    count = int(np.prod(updates.shape)) if updates.shape else 1

    def step(fn, k, args):
        (out,) = args
        where = unflatten(fn, k, updates.shape) if updates.shape else []
        batch = [i for d, i in enumerate(where) if d not in window_dims]
        starts, in_bounds = _window_starts(fn, indices, batch,
                                           dn.scatter_dims_to_operand_dims,
                                           x.shape, window, batching)
        position = list(starts)
        for d, u in zip(operand_window, window_dims):
            position[d] = fn.op(f"arith.addi {starts[d]}, {where[u]} : index", "ix")
        update = extract(fn, updates, where)
        current = extract(fn, out, position)
        if update_jaxpr is not None:
            (combined,) = ctx.lower(update_jaxpr, [Value(current, (), x.dtype),
                                                   Value(update, (), updates.dtype)],
                                    update_consts)
            new = combined.ssa
        elif name == "scatter":
            new = update
        else:
            new = fn.op(f"arith.{op} {current}, {update} : {e}")
        if in_bounds is not None and not clip:
            new = fn.op(f"arith.select {in_bounds}, {new}, {current} : {e}")
        written = fn.op(f"tensor.insert {new} into {out.ssa}[{', '.join(position)}] : "
                        f"{out.type}")
        return [Value(written, out.shape, out.dtype)]

    # The loop writes in place into a copy of the operand: never into the
    # operand's own buffer, which may be the caller's array.
    copy = Value(fn.op(f"bufferization.alloc_tensor() copy({x.ssa}) : {x.type}", "copy"),
                 x.shape, x.dtype)
    return for_loop(fn, 0, count, [copy], step)


# --- argmax, argmin, sort ----------------------------------------------------------


def _is_nan(fn, a, e):
    return fn.op(f"arith.cmpf uno, {a}, {a} : {e}")


def _before(fn, a, b, e):
    """a sorts strictly before b (NaNs last, as JAX sorts)."""
    if _mlir.is_float(e):
        lt = fn.op(f"arith.cmpf olt, {a}, {b} : {e}")
        a_nan, b_nan = _is_nan(fn, a, e), _is_nan(fn, b, e)
        a_num = fn.op(f"arith.xori {a_nan}, {fn.constant(True, 'i1')} : i1")
        only_b = fn.op(f"arith.andi {a_num}, {b_nan} : i1")
        return fn.op(f"arith.ori {lt}, {only_b} : i1")
    return fn.op(f"arith.cmpi {'ult' if e == 'i1' else 'slt'}, {a}, {b} : {e}")


def _same(fn, a, b, e):
    """Neither sorts before the other (NaNs equal each other)."""
    if _mlir.is_float(e):
        eq = fn.op(f"arith.cmpf oeq, {a}, {b} : {e}")
        both = fn.op(f"arith.andi {_is_nan(fn, a, e)}, {_is_nan(fn, b, e)} : i1")
        return fn.op(f"arith.ori {eq}, {both} : i1")
    return fn.op(f"arith.cmpi eq, {a}, {b} : {e}")


def _arg_extremum(ctx, eqn, operands):
    """The first index of the largest (smallest) element along the axis; a
    NaN counts as the extremum, as in JAX. A linalg.generic reduction with
    two outputs: the best value so far and its index."""
    fn, x = ctx.fn, operands[0]
    (axis,) = eqn.params["axes"]
    aval = eqn.outvars[0].aval
    index_element = _mlir.element_type(aval.dtype)
    e, rank = x.element, len(x.shape)
    biggest = eqn.primitive.name == "argmax"
    if _mlir.is_float(e):
        start = -np.inf if biggest else np.inf
    elif e == "i1":
        start = not biggest
    else:
        info = np.iinfo(x.dtype)
        start = info.min if biggest else info.max
    shape = tuple(aval.shape)
    best_type = _mlir.value_type(shape, x.dtype) if shape else f"tensor<{e}>"
    index_type = _mlir.value_type(shape, aval.dtype) if shape else f"tensor<{index_element}>"
    best = _fill(fn, start, e, best_type)
    found = _fill(fn, 0, index_element, index_type)
    in_map = _mlir.identity_map(rank)
    out_map = _mlir.affine_map(rank, [f"d{d}" for d in range(rank) if d != axis])
    iterators = ", ".join('"reduction"' if d == axis else '"parallel"' for d in range(rank))
    names = fn.fresh("t")
    fn.open_region(f"{names}:2 = linalg.generic {{indexing_maps = [{in_map}, {out_map}, "
                   f"{out_map}], iterator_types = [{iterators}]}} ins({x.ssa} : {x.type}) "
                   f"outs({best}, {found} : {best_type}, {index_type}) {{")
    a, b, i = fn.fresh("x"), fn.fresh("o"), fn.fresh("o")
    fn.emit_raw(f"^bb0({a}: {e}, {b}: {e}, {i}: {index_element}):")
    # Strictly better only: the first of equal elements stays.
    if _mlir.is_float(e):
        better = fn.op(f"arith.cmpf {'ogt' if biggest else 'olt'}, {a}, {b} : {e}")
        # A NaN wins over any number, the first NaN over later ones.
        first_nan = fn.op(f"arith.andi {_is_nan(fn, a, e)}, "
                          f"{fn.op(f'arith.cmpf ord, {b}, {b} : {e}')} : i1")
        take = fn.op(f"arith.ori {better}, {first_nan} : i1")
    else:
        predicate = ("u" if e == "i1" else "s") + ("gt" if biggest else "lt")
        take = fn.op(f"arith.cmpi {predicate}, {a}, {b} : {e}")
    k = fn.op(f"linalg.index {axis} : index", "ix")
    k = fn.op(f"arith.index_cast {k} : index to {index_element}")
    new_best = fn.op(f"arith.select {take}, {a}, {b} : {e}")
    new_index = fn.op(f"arith.select {take}, {k}, {i} : {index_element}")
    fn.emit(f"linalg.yield {new_best}, {new_index} : {e}, {index_element}")
    fn.close_region(f"}} -> ({best_type}, {index_type})")
    result = f"{names}#1"
    if not shape:
        return [Value(fn.op(f"tensor.extract {result}[] : {index_type}"), (), aval.dtype)]
    return [Value(result, shape, aval.dtype)]


def _sort(ctx, eqn, operands):
    """A stable sort along `dimension`, keyed lexicographically on the first
    num_keys operands (NaNs last). Each element's place is the number of
    elements of its row that sort before it (ties by position), a
    linalg.generic reduction; an scf.for then writes every operand's
    elements to their places. Quadratic in the row length, branch-free,
    and a permutation of the values to the AD engine."""
    fn = ctx.fn
    axis, num_keys = eqn.params["dimension"], eqn.params["num_keys"]
    shape = operands[0].shape
    rank = len(shape)
    if not shape or shape[axis] <= 1:
        return list(operands)
    keys = operands[:num_keys]
    places_type = _mlir.value_type(shape, np.int64)
    places = _fill(fn, 0, "i64", places_type)
    own = _mlir.affine_map(rank + 1, [f"d{d}" for d in range(rank)])
    other = _mlir.affine_map(rank + 1, [f"d{rank}" if d == axis else f"d{d}"
                                        for d in range(rank)])
    maps = ", ".join([own, other] * len(keys) + [own])
    iterators = ", ".join(['"parallel"'] * rank + ['"reduction"'])
    ins = ", ".join(f"{k.ssa}, {k.ssa}" for k in keys)
    ins_types = ", ".join(f"{k.type}, {k.type}" for k in keys)
    counted = fn.fresh("t")
    fn.open_region(f"{counted} = linalg.generic {{indexing_maps = [{maps}], iterator_types = "
                   f"[{iterators}]}} ins({ins} : {ins_types}) outs({places} : "
                   f"{places_type}) {{")
    pairs = [(fn.fresh("x"), fn.fresh("y")) for _ in keys]
    count = fn.fresh("o")
    sig = ", ".join(f"{a}: {k.element}, {b}: {k.element}" for (a, b), k in zip(pairs, keys))
    fn.emit_raw(f"^bb0({sig}, {count}: i64):")
    mine = fn.op(f"linalg.index {axis} : index", "ix")
    theirs = fn.op(f"linalg.index {rank} : index", "ix")
    # Does element `theirs` sort before element `mine`?
    earlier = fn.op(f"arith.cmpi ult, {theirs}, {mine} : index")
    for (a, b), k in reversed(list(zip(pairs, keys))):
        tie = fn.op(f"arith.andi {_same(fn, b, a, k.element)}, {earlier} : i1")
        earlier = fn.op(f"arith.ori {_before(fn, b, a, k.element)}, {tie} : i1")
    one = fn.op(f"arith.extui {earlier} : i1 to i64")
    fn.emit(f"linalg.yield {fn.op(f'arith.addi {count}, {one} : i64')} : i64")
    fn.close_region(f"}} -> {places_type}")
    places = Value(counted, shape, np.int64)
    outs = []
    for o in operands:
        out = Value(None, o.shape, o.dtype)
        out.ssa = fn.op(f"tensor.empty() : {out.type}", "init")
        outs.append(out)

    def step(fn, k, args):
        where = unflatten(fn, k, shape)
        target = list(where)
        target[axis] = to_index(fn, Value(extract(fn, places, where), (), np.int64))
        written = []
        for o, out in zip(operands, args):
            value = extract(fn, o, where)
            written.append(Value(fn.op(f"tensor.insert {value} into {out.ssa}"
                                       f"[{', '.join(target)}] : {out.type}"),
                                 out.shape, out.dtype))
        return written

    return for_loop(fn, 0, int(np.prod(shape)), outs, step)


RULES = {
    "cumsum": _cumulative,
    "cumprod": _cumulative,
    "cummax": _cumulative,
    "cummin": _cumulative,
    "cumlogsumexp": _cumulative,
    "pad": _pad,
    "rev": _rev,
    "split": _split,
    "dynamic_slice": _dynamic_slice,
    "dynamic_update_slice": _dynamic_update_slice,
    "gather": _gather,
    "argmax": _arg_extremum,
    "argmin": _arg_extremum,
    "sort": _sort,
}
RULES.update({name: _scatter for name in _SCATTER})
