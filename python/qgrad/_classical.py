"""jax.numpy's primitives as arith, math, tensor and linalg ops.

One rule per primitive (or family), looked up in RULES by the primitive's
name. A rule gets the lowering context, the equation and its operands
(Value objects) and returns one Value per output. Rank-0 arrays are plain
scalars (f64, i64, i1); arrays of higher rank are tensors, and elementwise
rules on them become linalg.generic ops whose body is the scalar rule.
"""

import numpy as np

from . import _mlir
from ._errors import CompileError


class Value:
    """An SSA value with its array shape and numpy dtype."""

    def __init__(self, ssa, shape, dtype):
        self.ssa, self.shape, self.dtype = ssa, tuple(shape), np.dtype(dtype)

    @property
    def type(self):
        return _mlir.value_type(self.shape, self.dtype)

    @property
    def element(self):
        return _mlir.element_type(self.dtype)


def _unsupported(eqn, what):
    raise CompileError(f"{what} is not supported by qgrad", eqn)


# --- Scalar rules: (fn, [ssa], [element]) -> ssa ------------------------------


def _float_or_int(float_op, signed_op, unsigned_op=None):
    def rule(fn, args, elements, params):
        e = elements[0]
        if _mlir.is_float(e):
            name = float_op
        elif e == "i1" and unsigned_op:
            name = unsigned_op
        else:
            name = signed_op
        if name is None:
            raise TypeError(f"not defined for {e}")
        return fn.op(f"{name} {', '.join(args)} : {e}")

    return rule


def _float_only(op_name):
    def rule(fn, args, elements, params):
        e = elements[0]
        if not _mlir.is_float(e):
            raise TypeError(f"needs floating-point operands, not {e}")
        return fn.op(f"{op_name} {', '.join(args)} : {e}")

    return rule


def _neg(fn, args, elements, params):
    e = elements[0]
    if _mlir.is_float(e):
        return fn.op(f"arith.negf {args[0]} : {e}")
    zero = fn.constant(0, e)
    return fn.op(f"arith.subi {zero}, {args[0]} : {e}")


def _integer_pow(fn, args, elements, params):
    y, e = params["y"], elements[0]
    mul = "arith.mulf" if _mlir.is_float(e) else "arith.muli"
    if y == 0:
        return fn.constant(1, e)
    # Square and multiply: log2(y) multiplications, all exact to AD.
    result, base, n = None, args[0], abs(y)
    while n:
        if n & 1:
            result = base if result is None else fn.op(f"{mul} {result}, {base} : {e}")
        n >>= 1
        if n:
            base = fn.op(f"{mul} {base}, {base} : {e}")
    if y < 0:
        one = fn.constant(1.0, e)
        result = fn.op(f"arith.divf {one}, {result} : {e}")
    return result


def _square(fn, args, elements, params):
    e = elements[0]
    mul = "arith.mulf" if _mlir.is_float(e) else "arith.muli"
    return fn.op(f"{mul} {args[0]}, {args[0]} : {e}")


def _rsqrt(fn, args, elements, params):
    return fn.op(f"math.rsqrt {args[0]} : {elements[0]}")


def _logistic(fn, args, elements, params):
    e = elements[0]
    one = fn.constant(1.0, e)
    neg = fn.op(f"arith.negf {args[0]} : {e}")
    exp = fn.op(f"math.exp {neg} : {e}")
    den = fn.op(f"arith.addf {one}, {exp} : {e}")
    return fn.op(f"arith.divf {one}, {den} : {e}")


def _sign(fn, args, elements, params):
    e = elements[0]
    if e == "i1":
        raise TypeError("sign of booleans")
    zero, one = fn.constant(0, e), fn.constant(1, e)
    minus = fn.constant(-1, e)
    if _mlir.is_float(e):
        pos = fn.op(f"arith.cmpf ogt, {args[0]}, {zero} : {e}")
        neg = fn.op(f"arith.cmpf olt, {args[0]}, {zero} : {e}")
    else:
        pos = fn.op(f"arith.cmpi sgt, {args[0]}, {zero} : {e}")
        neg = fn.op(f"arith.cmpi slt, {args[0]}, {zero} : {e}")
    s = fn.op(f"arith.select {neg}, {minus}, {zero} : {e}")
    return fn.op(f"arith.select {pos}, {one}, {s} : {e}")


def _clamp(fn, args, elements, params):
    # clamp(low, x, high) = min(max(x, low), high)
    low, x, high = args
    e = elements[1]
    lo_op, hi_op = (("arith.maximumf", "arith.minimumf") if _mlir.is_float(e)
                    else ("arith.maxsi", "arith.minsi"))
    raised = fn.op(f"{lo_op} {x}, {low} : {e}")
    return fn.op(f"{hi_op} {raised}, {high} : {e}")


def _compare(float_pred, signed_pred):
    def rule(fn, args, elements, params):
        e = elements[0]
        if _mlir.is_float(e):
            return fn.op(f"arith.cmpf {float_pred}, {', '.join(args)} : {e}")
        return fn.op(f"arith.cmpi {signed_pred}, {', '.join(args)} : {e}")

    return rule


def _select_n(fn, args, elements, params):
    # select_n(which, case0, case1, ...): a boolean `which` picks between two
    # cases; an integer one among any number, as a chain of selects.
    which, cases, e = args[0], args[1:], elements[1]
    if elements[0] == "i1":
        if len(cases) != 2:
            raise TypeError("select_n with a boolean predicate and "
                            f"{len(cases)} cases")
        return fn.op(f"arith.select {which}, {cases[1]}, {cases[0]} : {e}")
    result = cases[-1]
    for k in range(len(cases) - 2, -1, -1):
        constant = fn.constant(k, elements[0])
        hit = fn.op(f"arith.cmpi eq, {which}, {constant} : {elements[0]}")
        result = fn.op(f"arith.select {hit}, {cases[k]}, {result} : {e}")
    return result


def _is_finite(fn, args, elements, params):
    e = elements[0]
    if not _mlir.is_float(e):
        raise TypeError(f"is_finite of {e}")
    inf = fn.constant(np.inf, e)
    magnitude = fn.op(f"math.absf {args[0]} : {e}")
    return fn.op(f"arith.cmpf olt, {magnitude}, {inf} : {e}")


def _pow(fn, args, elements, params):
    base, exponent = elements
    if not _mlir.is_float(base):
        raise TypeError(f"needs a floating-point base, not {base}")
    if _mlir.is_float(exponent):
        return fn.op(f"math.powf {args[0]}, {args[1]} : {base}")
    # An integer exponent: llvm.powi takes a C int.
    power = args[1]
    if exponent == "i1":
        power = fn.op(f"arith.extui {power} : i1 to i32")
    elif exponent != "i32":
        power = fn.op(f"arith.trunci {power} : {exponent} to i32")
    return fn.op(f"math.fpowi {args[0]}, {power} : {base}, i32")


def _round(fn, args, elements, params):
    e = elements[0]
    if not _mlir.is_float(e):
        raise TypeError(f"needs floating-point operands, not {e}")
    # lax.RoundingMethod: 0 rounds halves away from zero, 1 to even.
    method = int(params.get("rounding_method", 0))
    op = "math.roundeven" if method == 1 else "math.round"
    return fn.op(f"{op} {args[0]} : {e}")


def _logical(op_name):
    def rule(fn, args, elements, params):
        return fn.op(f"{op_name} {', '.join(args)} : {elements[0]}")

    return rule


def _not(fn, args, elements, params):
    e = elements[0]
    ones = fn.constant(True, e) if e == "i1" else fn.constant(-1, e)
    return fn.op(f"arith.xori {args[0]}, {ones} : {e}")


def _convert(fn, args, elements, params):
    source = elements[0]
    target = _mlir.element_type(params["new_dtype"])
    x = args[0]
    if source == target:
        return x
    fs, ft = _mlir.is_float(source), _mlir.is_float(target)
    width = {"f64": 64, "f32": 32, "i64": 64, "i32": 32, "i1": 1}
    if fs and ft:
        op = "arith.extf" if width[target] > width[source] else "arith.truncf"
    elif not fs and ft:
        op = "arith.uitofp" if source == "i1" else "arith.sitofp"
    elif fs and not ft:
        if target == "i1":
            zero = fn.constant(0.0, source)
            return fn.op(f"arith.cmpf une, {x}, {zero} : {source}")
        op = "arith.fptosi"
    else:
        if target == "i1":
            zero = fn.constant(0, source)
            return fn.op(f"arith.cmpi ne, {x}, {zero} : {source}")
        op = "arith.extui" if source == "i1" else (
            "arith.extsi" if width[target] > width[source] else "arith.trunci")
    return fn.op(f"{op} {x} : {source} to {target}")


SCALAR_RULES = {
    "add": _float_or_int("arith.addf", "arith.addi"),
    "sub": _float_or_int("arith.subf", "arith.subi"),
    "mul": _float_or_int("arith.mulf", "arith.muli"),
    "div": _float_or_int("arith.divf", "arith.divsi"),
    "rem": _float_or_int("arith.remf", "arith.remsi"),
    "max": _float_or_int("arith.maximumf", "arith.maxsi", "arith.maxui"),
    "min": _float_or_int("arith.minimumf", "arith.minsi", "arith.minui"),
    "pow": _pow,
    "atan2": _float_only("math.atan2"),
    "neg": _neg,
    "sin": _float_only("math.sin"),
    "cos": _float_only("math.cos"),
    "tan": _float_only("math.tan"),
    "asin": _float_only("math.asin"),
    "acos": _float_only("math.acos"),
    "atan": _float_only("math.atan"),
    "sinh": _float_only("math.sinh"),
    "cosh": _float_only("math.cosh"),
    "tanh": _float_only("math.tanh"),
    "exp": _float_only("math.exp"),
    "exp2": _float_only("math.exp2"),
    "log": _float_only("math.log"),
    "log1p": _float_only("math.log1p"),
    "expm1": _float_only("math.expm1"),
    "sqrt": _float_only("math.sqrt"),
    "cbrt": _float_only("math.cbrt"),
    "rsqrt": _rsqrt,
    "abs": _float_or_int("math.absf", "math.absi"),
    "floor": _float_only("math.floor"),
    "ceil": _float_only("math.ceil"),
    "round": _round,
    "erf": _float_only("math.erf"),
    "erfc": _float_only("math.erfc"),
    "is_finite": _is_finite,
    "sign": _sign,
    "logistic": _logistic,
    "integer_pow": _integer_pow,
    "square": _square,
    "lt": _compare("olt", "slt"),
    "le": _compare("ole", "sle"),
    "gt": _compare("ogt", "sgt"),
    "ge": _compare("oge", "sge"),
    "eq": _compare("oeq", "eq"),
    "ne": _compare("une", "ne"),
    "and": _logical("arith.andi"),
    "or": _logical("arith.ori"),
    "xor": _logical("arith.xori"),
    "not": _not,
    "select_n": _select_n,
    "clamp": _clamp,
    "convert_element_type": _convert,
}


def _elementwise(ctx, eqn, operands):
    name = eqn.primitive.name
    rule = SCALAR_RULES[name]
    out_aval = eqn.outvars[0].aval
    shape, dtype = tuple(out_aval.shape), out_aval.dtype
    fn = ctx.fn
    try:
        if not shape:
            ssa = rule(fn, [o.ssa for o in operands],
                       [o.element for o in operands], eqn.params)
            return [Value(ssa, (), dtype)]
        # Tensor operands stream through linalg.generic; scalar operands
        # (rank-0 literals) are captured by the body.
        # Dimensions of size 1 broadcast (lax allows it for equal ranks).
        tensors = [o for o in operands if o.shape]
        maps = []
        for o in tensors:
            if len(o.shape) != len(shape) or any(
                    d != r and d != 1 for d, r in zip(o.shape, shape)):
                raise TypeError(f"operand of shape {o.shape} for result {shape}")
            maps.append(_mlir.affine_map(len(shape), [
                "0" if d != r else f"d{i}"
                for i, (d, r) in enumerate(zip(o.shape, shape))]))
        out_type = _mlir.value_type(shape, dtype)
        init = fn.op(f"tensor.empty() : {out_type}", "init")
        maps = ", ".join(maps + [_mlir.identity_map(len(shape))])
        iterators = ", ".join(['"parallel"'] * len(shape))
        ins = ""
        if tensors:
            ins = (f" ins({', '.join(o.ssa for o in tensors)} : "
                   f"{', '.join(o.type for o in tensors)})")
        result = fn.fresh("t")
        fn.open_region(
            f"{result} = linalg.generic {{indexing_maps = [{maps}], "
            f"iterator_types = [{iterators}]}}{ins} outs({init} : {out_type}) {{")
        block_args = [fn.fresh("x") for _ in tensors]
        out_arg = fn.fresh("o")
        sig = ", ".join(f"{a}: {o.element}" for a, o in zip(block_args, tensors))
        sig = (sig + ", " if sig else "") + f"{out_arg}: {_mlir.element_type(dtype)}"
        fn.emit_raw(f"^bb0({sig}):")
        it = iter(block_args)
        scalars = [next(it) if o.shape else o.ssa for o in operands]
        ssa = rule(fn, scalars, [o.element for o in operands], eqn.params)
        fn.emit(f"linalg.yield {ssa} : {_mlir.element_type(dtype)}")
        fn.close_region(f"}} -> {out_type}")
        return [Value(result, shape, dtype)]
    except TypeError as error:
        raise CompileError(f"'{name}' on these operands is not supported ({error})",
                           eqn) from None


# --- Shape rules -----------------------------------------------------------------


def _zeros_index(fn, rank):
    zero = fn.index(0)
    return ", ".join([zero] * rank)


def to_scalar(fn, value):
    """The element of a one-element tensor as a scalar."""
    if not value.shape:
        return value
    ssa = fn.op(f"tensor.extract {value.ssa}[{_zeros_index(fn, len(value.shape))}] : {value.type}")
    return Value(ssa, (), value.dtype)


def reshape(fn, value, shape):
    shape = tuple(int(d) for d in shape)
    if value.shape == shape:
        return value
    if not shape:
        return to_scalar(fn, value)
    if not value.shape:
        out = Value(None, shape, value.dtype)
        out.ssa = fn.op(f"tensor.from_elements {value.ssa} : {out.type}")
        return out
    # Through one dimension: collapse everything, then expand.
    flat = value
    size = int(np.prod(value.shape))
    if len(value.shape) > 1:
        flat = Value(None, (size,), value.dtype)
        groups = "[" + ", ".join(str(i) for i in range(len(value.shape))) + "]"
        flat.ssa = fn.op(f"tensor.collapse_shape {value.ssa} [{groups}] : "
                         f"{value.type} into {flat.type}")
    if len(shape) == 1:
        return flat
    out = Value(None, shape, value.dtype)
    groups = "[" + ", ".join(str(i) for i in range(len(shape))) + "]"
    out.ssa = fn.op(f"tensor.expand_shape {flat.ssa} [{groups}] output_shape "
                    f"[{', '.join(str(d) for d in shape)}] : {flat.type} into {out.type}")
    return out


def _reshape_rule(ctx, eqn, operands):
    return [reshape(ctx.fn, operands[0], eqn.outvars[0].aval.shape)]


def _broadcast_in_dim(ctx, eqn, operands):
    fn, x = ctx.fn, operands[0]
    shape = tuple(eqn.params["shape"])
    dims = tuple(eqn.params["broadcast_dimensions"])
    out = Value(None, shape, x.dtype)
    if x.shape == shape:
        return [x]
    if not shape:
        return [to_scalar(fn, x)]
    init = fn.op(f"tensor.empty() : {out.type}", "init")
    rank = len(shape)
    elem = x.element
    if not x.shape:
        out.ssa = fn.op(f"linalg.fill ins({x.ssa} : {elem}) outs({init} : {out.type}) -> {out.type}")
        return [out]
    in_map = _mlir.affine_map(rank, [
        "0" if x.shape[i] == 1 and shape[d] != 1 else f"d{d}" for i, d in enumerate(dims)])
    out_map = _mlir.identity_map(rank)
    iterators = ", ".join(['"parallel"'] * rank)
    out.ssa = fn.fresh("t")
    fn.open_region(f"{out.ssa} = linalg.generic {{indexing_maps = [{in_map}, {out_map}], "
                   f"iterator_types = [{iterators}]}} ins({x.ssa} : {x.type}) "
                   f"outs({init} : {out.type}) {{")
    a, o = fn.fresh("x"), fn.fresh("o")
    fn.emit_raw(f"^bb0({a}: {elem}, {o}: {elem}):")
    fn.emit(f"linalg.yield {a} : {elem}")
    fn.close_region(f"}} -> {out.type}")
    return [out]


def _squeeze(ctx, eqn, operands):
    return [reshape(ctx.fn, operands[0], eqn.outvars[0].aval.shape)]


def _expand_dims(ctx, eqn, operands):
    return [reshape(ctx.fn, operands[0], eqn.outvars[0].aval.shape)]


def _slice(ctx, eqn, operands):
    fn, x = ctx.fn, operands[0]
    start = eqn.params["start_indices"]
    limit = eqn.params["limit_indices"]
    strides = eqn.params["strides"] or (1,) * len(start)
    sizes = [-(-(l - s) // st) for s, l, st in zip(start, limit, strides)]
    out = Value(None, sizes, x.dtype)
    out.ssa = fn.op(
        f"tensor.extract_slice {x.ssa}[{', '.join(map(str, start))}] "
        f"[{', '.join(map(str, sizes))}] [{', '.join(map(str, strides))}] : "
        f"{x.type} to {out.type}")
    return [out]


def _concatenate(ctx, eqn, operands):
    fn = ctx.fn
    axis = eqn.params["dimension"]
    aval = eqn.outvars[0].aval
    if any(d > 1 for d in aval.shape[:axis]):
        # The pieces are not contiguous in the result: element by element
        # (copies into strided views call memrefCopy, not linked in the JIT).
        from ._indexing import concatenate_elementwise

        return [concatenate_elementwise(fn, operands, axis, aval)]
    out = Value(None, aval.shape, aval.dtype)
    acc = fn.op(f"tensor.empty() : {out.type}", "init")
    offset = 0
    for o in operands:
        o = o if o.shape else reshape(fn, o, (1,))
        offsets = [0] * len(out.shape)
        offsets[axis] = offset
        acc = fn.op(
            f"tensor.insert_slice {o.ssa} into {acc}[{', '.join(map(str, offsets))}] "
            f"[{', '.join(map(str, o.shape))}] [{', '.join(['1'] * len(o.shape))}] : "
            f"{o.type} into {out.type}")
        offset += o.shape[axis]
    out.ssa = acc
    return [out]


def _transpose(ctx, eqn, operands):
    fn, x = ctx.fn, operands[0]
    perm = eqn.params["permutation"]
    aval = eqn.outvars[0].aval
    out = Value(None, aval.shape, aval.dtype)
    init = fn.op(f"tensor.empty() : {out.type}", "init")
    out.ssa = fn.op(f"linalg.transpose ins({x.ssa} : {x.type}) outs({init} : {out.type}) "
                    f"permutation = [{', '.join(map(str, perm))}]")
    return [out]


def _fill(fn, value, element, out_type):
    init = fn.op(f"tensor.empty() : {out_type}", "init")
    c = fn.constant(value, element)
    return fn.op(f"linalg.fill ins({c} : {element}) outs({init} : {out_type}) -> {out_type}")


def _contraction(fn, eqn, operands, lhs_dims, rhs_dims, out_dims, rank, reductions):
    """A linalg.generic summing lhs * rhs over `reductions` iteration dims."""
    lhs, rhs = operands
    aval = eqn.outvars[0].aval
    shape = tuple(aval.shape)
    elem = _mlir.element_type(aval.dtype)
    out_type = "tensor<" + "".join(f"{d}x" for d in shape) + elem + ">"
    acc = _fill(fn, 0.0 if _mlir.is_float(elem) else 0, elem, out_type)
    maps = [_mlir.affine_map(rank, [f"d{d}" for d in dims])
            for dims in (lhs_dims, rhs_dims, out_dims)]
    iterators = ["reduction" if d in reductions else "parallel" for d in range(rank)]
    kind = "f" if _mlir.is_float(elem) else "i"

    def multiply_add(fn, names):
        a, b, o = names
        product = fn.op(f"arith.mul{kind} {a}, {b} : {elem}")
        return fn.op(f"arith.add{kind} {o}, {product} : {elem}")

    result = _mlir.generic(fn, [(lhs.ssa, lhs.type, elem), (rhs.ssa, rhs.type, elem)],
                           acc, out_type, maps, iterators, multiply_add)
    out = Value(result, shape, aval.dtype)
    if not shape:
        ssa = fn.op(f"tensor.extract {result}[] : {out_type}")
        return Value(ssa, (), aval.dtype)
    return out


def _dot_general(ctx, eqn, operands):
    fn = ctx.fn
    lhs, rhs = operands
    if not lhs.shape or not rhs.shape:
        _unsupported(eqn, "dot_general of a scalar")
    (lc, rc), (lb, rb) = eqn.params["dimension_numbers"]
    lfree = [d for d in range(len(lhs.shape)) if d not in lc and d not in lb]
    rfree = [d for d in range(len(rhs.shape)) if d not in rc and d not in rb]
    # Iteration space: batch, lhs free, rhs free, contracted.
    nb, nl, nr, nc = len(lb), len(lfree), len(rfree), len(lc)
    rank = nb + nl + nr + nc
    lhs_dims = [0] * len(lhs.shape)
    rhs_dims = [0] * len(rhs.shape)
    for i, (l, r) in enumerate(zip(lb, rb)):
        lhs_dims[l] = rhs_dims[r] = i
    for i, l in enumerate(lfree):
        lhs_dims[l] = nb + i
    for i, r in enumerate(rfree):
        rhs_dims[r] = nb + nl + i
    for i, (l, r) in enumerate(zip(lc, rc)):
        lhs_dims[l] = rhs_dims[r] = nb + nl + nr + i
    out_dims = list(range(nb + nl + nr))
    reductions = set(range(nb + nl + nr, rank))
    return [_contraction(fn, eqn, operands, lhs_dims, rhs_dims, out_dims, rank,
                         reductions)]


_REDUCTIONS = {
    "reduce_sum": ("addf", "addi", 0.0),
    "reduce_max": ("maximumf", "maxsi", -np.inf),
    "reduce_min": ("minimumf", "minsi", np.inf),
    "reduce_prod": ("mulf", "muli", 1.0),
    "reduce_or": (None, "ori", 0),
    "reduce_and": (None, "andi", -1),
}


def _reduce(ctx, eqn, operands):
    fn, x = ctx.fn, operands[0]
    axes = tuple(eqn.params["axes"])
    float_op, int_op, neutral = _REDUCTIONS[eqn.primitive.name]
    aval = eqn.outvars[0].aval
    elem = x.element
    rank = len(x.shape)
    shape = tuple(aval.shape)
    out_type = "tensor<" + "".join(f"{d}x" for d in shape) + elem + ">"
    if float_op is None and _mlir.is_float(elem):
        _unsupported(eqn, f"'{eqn.primitive.name}' of {elem}")
    if elem == "i1":
        # jnp.any/all; max and min of booleans are or and and.
        int_op, neutral = {"maximumf": ("ori", False), "ori": ("ori", False),
                           "minimumf": ("andi", True), "andi": ("andi", True)
                           }.get(float_op or int_op, (None, None))
        if int_op is None:
            _unsupported(eqn, f"'{eqn.primitive.name}' of booleans")
    elif float_op is None:
        neutral = int(neutral)
    elif not _mlir.is_float(elem):
        info = np.iinfo(x.dtype)
        neutral = {0.0: 0, 1.0: 1, -np.inf: info.min, np.inf: info.max}[neutral]
    acc = _fill(fn, neutral, elem, out_type)
    in_map = _mlir.identity_map(rank)
    out_map = _mlir.affine_map(rank, [f"d{d}" for d in range(rank) if d not in axes])
    iterators = ["reduction" if d in axes else "parallel" for d in range(rank)]
    op = float_op if _mlir.is_float(elem) else int_op
    result = _mlir.generic(
        fn, [(x.ssa, x.type, elem)], acc, out_type, [in_map, out_map], iterators,
        lambda fn, names: fn.op(f"arith.{op} {names[1]}, {names[0]} : {elem}"))
    if not shape:
        return [Value(fn.op(f"tensor.extract {result}[] : {out_type}"), (), aval.dtype)]
    return [Value(result, shape, aval.dtype)]


def _iota(ctx, eqn, operands):
    aval = eqn.outvars[0].aval
    dim = eqn.params["dimension"]
    values = np.indices(aval.shape)[dim].astype(aval.dtype)
    return [ctx.constant_array(values)]


def _copy(ctx, eqn, operands):
    return [operands[0]]


def _stop_gradient(ctx, eqn, operands):
    """lax.stop_gradient: the value through a function registered inactive
    with the AD engine (gradient.inactive, never inlined), so no derivative
    flows through it; elementwise for tensors."""
    fn, x = ctx.fn, operands[0]
    if not _mlir.is_float(x.element):
        return [x]
    helpers = ctx.module.__dict__.setdefault("_qgrad_stop_gradient", {})
    name = helpers.get(x.element)
    if name is None:
        name = ctx.module.unique_symbol(f"qgrad_stop_gradient_{x.element}")
        helper = ctx.module.function(
            name, {"gradient.inactive": True, 'passthrough = ["noinline"]': True})
        argument = helper.argument(x.element)
        # Through volatile memory: LLVM must not see that the result is the
        # argument (it would mark it `returned` and bypass the call).
        one = helper.op("llvm.mlir.constant(1 : i64) : i64", "c")
        slot = helper.op(f"llvm.alloca {one} x {x.element} : (i64) -> !llvm.ptr", "p")
        helper.emit(f"llvm.store volatile {argument}, {slot} : {x.element}, !llvm.ptr")
        value = helper.op(f"llvm.load volatile {slot} : !llvm.ptr -> {x.element}")
        helper.results = [(value, x.element)]
        helpers[x.element] = name

    def body(fn, scalars):
        return fn.op(f"func.call @{name}({scalars[0]}) : ({x.element}) -> {x.element}")

    from ._indexing import map_values

    return [map_values(fn, [x], x.dtype, body)]


def _call(ctx, eqn, operands):
    """Nested jaxprs (jit, custom_jvp_call, ...) are inlined: the AD engine
    differentiates what they compute, exactly, so their custom rules are
    not needed."""
    for key in ("jaxpr", "call_jaxpr", "fun_jaxpr"):
        if key in eqn.params:
            return ctx.inline(eqn.params[key], operands)
    _unsupported(eqn, f"'{eqn.primitive.name}' without a jaxpr")


RULES = {name: _elementwise for name in SCALAR_RULES}
RULES.update({
    "reshape": _reshape_rule,
    "broadcast_in_dim": _broadcast_in_dim,
    "squeeze": _squeeze,
    "expand_dims": _expand_dims,
    "slice": _slice,
    "concatenate": _concatenate,
    "transpose": _transpose,
    "dot_general": _dot_general,
    "reduce_sum": _reduce,
    "reduce_max": _reduce,
    "reduce_min": _reduce,
    "reduce_prod": _reduce,
    "reduce_or": _reduce,
    "reduce_and": _reduce,
    "iota": _iota,
    "copy": _copy,
    "copy_p": _copy,
    "stop_gradient": _stop_gradient,
    "pjit": _call,
    "jit": _call,
    "closed_call": _call,
    "core_call": _call,
    "remat": _call,
    "checkpoint": _call,
    "custom_jvp_call": _call,
    "custom_vjp_call": _call,
    "custom_vjp_call_jaxpr": _call,
})

# The rules that move elements (gather, scatter, dynamic slices, sort,
# argmax, cumulative reductions, pad, rev, split) are in _indexing, which
# uses this module's Value and helpers: imported last, registered here.
from ._indexing import RULES as _INDEXING_RULES  # noqa: E402

RULES.update(_INDEXING_RULES)
