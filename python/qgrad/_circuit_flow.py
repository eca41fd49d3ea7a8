"""Control flow inside qnodes, and mid-circuit measurements.

PennyLane's `qml.for_loop`, `qml.while_loop` and `qml.cond` on classical
predicates become scf.for, scf.while and scf.if whose regions carry every
qubit of the circuit (and the loop's own values): gates inside them are
applied where they are, not hoisted, so trip counts and predicates may be
computed at run time and the gradient passes through them.

Mid-circuit measurements are deferred, as PennyLane's default.qubit does
with program capture: `qml.measure(w)` copies w onto a fresh ancilla qubit
(CNOT; with reset=True a second CNOT returns w to |0>), and `qml.cond(m, f)`
applies f's gates controlled on that ancilla. The circuit stays unitary, so
its expectation values are exact and differentiable like any other.
"""

from jax.extend import core as jex_core

from ._classical import Value
from ._errors import CompileError
from ._quantum import Operator, controlled, nested_jaxprs


class MidMeasure:
    """The outcome of a deferred mid-circuit measurement: the ancilla that
    holds it, and whether the program negated it."""

    def __init__(self, wire, negated=False):
        self.wire, self.negated = wire, negated

    def flipped(self):
        return MidMeasure(self.wire, not self.negated)


def _slice(operands, spec):
    return operands[slice(*spec)]


def _open(jaxpr_like):
    return getattr(jaxpr_like, "jaxpr", jaxpr_like), list(getattr(jaxpr_like, "consts", ()))


def _contains_quantum(jaxpr):
    for eqn in jaxpr.eqns:
        for var in eqn.outvars:
            if type(var.aval).__name__ in ("AbstractOperator", "AbstractMeasurement"):
                return True
        if eqn.primitive.name == "measure":
            return True
        if any(_contains_quantum(inner) for inner in nested_jaxprs(eqn)):
            return True
    return False


# --- Mid-circuit measurements --------------------------------------------------------


def _measure(ctx, eqn, operands):
    if eqn.params.get("postselect") is not None:
        raise CompileError("qml.measure with postselect is not supported by "
                           "qgrad", eqn)
    if ctx.collecting is not None:
        raise CompileError(ctx.collecting, eqn)
    if ctx.loop_depth:
        raise CompileError("a mid-circuit measurement inside a loop is not "
                           "supported (qgrad defers each measurement onto its "
                           "own qubit)", eqn)
    wire = ctx.wire(eqn.invars[0], eqn)
    ctx.flush(eqn)
    ancilla = ctx.allocate_ancilla(eqn)
    ctx.apply_gate("CNOT", (), (wire, ancilla))
    if eqn.params.get("reset"):
        ctx.apply_gate("CNOT", (), (ancilla, wire))
    return [MidMeasure(ancilla)]


def _is_literal(atom, values):
    return isinstance(atom, jex_core.Literal) and atom.val.item() in values


def _on_mid_measure(ctx, eqn, operands):
    """The few classical operations a deferred outcome can go through."""
    name = eqn.primitive.name
    m = next(o for o in operands if isinstance(o, MidMeasure))
    other = [a for a, o in zip(eqn.invars, operands) if o is not m]
    if name == "convert_element_type":
        return [m]
    if name == "not":
        return [m.flipped()]
    if name in ("eq", "ne") and len(other) == 1 and _is_literal(other[0], (0, 1)):
        equal_to_one = other[0].val.item() == 1
        keep = equal_to_one if name == "eq" else not equal_to_one
        return [m if keep else m.flipped()]
    raise CompileError(ctx.describe_non_value(m) + f" (here by '{name}')", eqn)


# --- Regions that carry the qubits ----------------------------------------------------


def _region(ctx, lower_body):
    """Lowers a loop body or branch with its own queue; all of its gates are
    applied inside the region. Returns the body's non-operator outputs."""
    saved = ctx.queue
    ctx.queue = []
    try:
        outs = lower_body()
        ctx.flush(everything=True)
    finally:
        ctx.queue = saved
    return [o for o in (outs or ()) if not isinstance(o, Operator)]


def _loop_body(ctx, lower_body):
    """_region for a loop body, where mid-circuit measurements are refused."""
    ctx.loop_depth += 1
    try:
        return _region(ctx, lower_body)
    finally:
        ctx.loop_depth -= 1


def _carried(ctx, values):
    """The register then values, as (ssa, type) pairs; the qubits are packed
    into the register first."""
    ctx.pack()
    return [(ctx.register, "!quantum.reg")] + [(v.ssa, v.type) for v in values]


def _enter(ctx, register):
    """A region starts from its block's register, with no qubit extracted."""
    ctx.register, ctx.qubits = register, {}


def _yield(ctx, values):
    pairs = _carried(ctx, values)
    ctx.fn.emit(f"scf.yield {', '.join(s for s, _ in pairs)} : "
                f"{', '.join(t for _, t in pairs)}")


def _results(ctx, names, like):
    """Takes the carried results of an scf op: the register, then values."""
    _enter(ctx, names[0])
    return [Value(s, v.shape, v.dtype) for s, v in zip(names[1:], like)]


def _names(fn, count, hint):
    base = fn.fresh(hint)
    lhs = base if count == 1 else f"{base}:{count}"
    names = [base] if count == 1 else [f"{base}#{i}" for i in range(count)]
    return lhs, names


def _as_i64(fn, value):
    if value.element == "i64":
        return value.ssa
    if value.element == "i32":
        return fn.op(f"arith.extsi {value.ssa} : i32 to i64")
    raise CompileError(f"a loop bound must be an integer, not {value.dtype}")


def _for_loop(ctx, eqn, operands):
    """qml.for_loop(start, stop, step): k runs over 0 .. trip count, and
    i = start + k step, so any sign of step works."""
    fn, p = ctx.fn, eqn.params
    start, stop, step = (_as_i64(fn, v) for v in operands[:3])
    rest = operands[3:]
    consts, init = _slice(rest, p["consts_slice"]), _slice(rest, p["args_slice"])
    if _slice(rest, p["abstract_shapes_slice"]):
        raise CompileError("qml.for_loop with dynamically shaped arrays is not "
                           "supported", eqn)
    ctx.flush(eqn)
    span = fn.op(f"arith.subi {stop}, {start} : i64")
    trips = fn.op(f"arith.ceildivsi {span}, {step} : i64")
    zero = fn.constant(0, "i64")
    trips = fn.op(f"arith.maxsi {trips}, {zero} : i64")
    upper = fn.op(f"arith.index_cast {trips} : i64 to index")
    lower, one = fn.index(0), fn.index(1)
    k = fn.fresh("k")
    pairs = _carried(ctx, init)
    block = [fn.fresh("c") for _ in pairs]
    lhs, names = _names(fn, len(pairs), "for")
    iter_args = ", ".join(f"{b} = {s}" for b, (s, _) in zip(block, pairs))
    fn.open_region(f"{lhs} = scf.for {k} = {lower} to {upper} step {one} "
                   f"iter_args({iter_args}) -> ({', '.join(t for _, t in pairs)}) {{")
    _enter(ctx, block[0])
    args = [Value(b, v.shape, v.dtype) for b, v in zip(block[1:], init)]
    k64 = fn.op(f"arith.index_cast {k} : index to i64")
    offset = fn.op(f"arith.muli {k64}, {step} : i64")
    index = Value(fn.op(f"arith.addi {start}, {offset} : i64"), (), "int64")
    body, body_consts = _open(p["jaxpr_body_fn"])
    outs = _loop_body(ctx, lambda: ctx.lower(body, [index] + args,
                                             body_consts + consts))
    _yield(ctx, outs)
    fn.close_region("}")
    return _results(ctx, names, init)


def _while_loop(ctx, eqn, operands):
    fn, p = ctx.fn, eqn.params
    cond_consts = _slice(operands, p["cond_slice"])
    body_consts = _slice(operands, p["body_slice"])
    init = _slice(operands, p["args_slice"])
    cond_jaxpr, cond_closed = _open(p["jaxpr_cond_fn"])
    body_jaxpr, body_closed = _open(p["jaxpr_body_fn"])
    if _contains_quantum(cond_jaxpr):
        raise CompileError("the condition of qml.while_loop must be classical", eqn)
    ctx.flush(eqn)
    pairs = _carried(ctx, init)
    types = ", ".join(t for _, t in pairs)
    before = [fn.fresh("b") for _ in pairs]
    lhs, names = _names(fn, len(pairs), "while")
    header = ", ".join(f"{b} = {s}" for b, (s, _) in zip(before, pairs))
    fn.open_region(f"{lhs} = scf.while ({header}) : ({types}) -> ({types}) {{")
    _enter(ctx, before[0])
    args = [Value(b, v.shape, v.dtype) for b, v in zip(before[1:], init)]
    (predicate,) = ctx.lower(cond_jaxpr, args, cond_closed + cond_consts)
    fn.emit(f"scf.condition({predicate.ssa}) {', '.join(before)} : {types}")
    fn.close_region("} do {")
    after = [fn.fresh("a") for _ in pairs]
    fn.open_region(f"^bb0({', '.join(f'{a}: {t}' for a, (_, t) in zip(after, pairs))}):")
    _enter(ctx, after[0])
    args = [Value(a, v.shape, v.dtype) for a, v in zip(after[1:], init)]
    outs = _loop_body(ctx, lambda: ctx.lower(body_jaxpr, args,
                                             body_closed + body_consts))
    _yield(ctx, outs)
    fn.close_region("")
    fn.emit_raw("}")
    return _results(ctx, names, init)


def _branches(eqn, operands):
    p = eqn.params
    branches = p["jaxpr_branches"]
    predicates = operands[:len(branches)]
    args = _slice(operands, p["args_slice"])
    bodies = []
    for branch, spec in zip(branches, p["consts_slices"]):
        jaxpr, consts = _open(branch)
        bodies.append((jaxpr, consts + _slice(operands, spec)))
    return predicates, args, bodies


def _cond(ctx, eqn, operands):
    predicates, args, bodies = _branches(eqn, operands)
    for var in eqn.outvars:
        if type(var.aval).__name__ == "AbstractOperator" and var in ctx.used:
            raise CompileError("an operator returned by qml.cond cannot be used "
                               "as a value (only applied)", eqn)
    if any(isinstance(p, MidMeasure) for p in predicates):
        return _deferred_cond(ctx, eqn, predicates, args, bodies)
    classical = [v for v in eqn.outvars
                 if type(v.aval).__name__ != "AbstractOperator"]
    like = [Value(None, v.aval.shape, v.aval.dtype) for v in classical]
    ctx.flush(eqn)
    results = _if_chain(ctx, predicates, args, bodies, like, 0)
    it = iter(results)
    return [next(it) if v in classical else None for v in eqn.outvars]


def _if_chain(ctx, predicates, args, bodies, like, first):
    fn = ctx.fn
    ctx.pack()
    outer = ctx.register
    types = ", ".join(["!quantum.reg"] + [v.type for v in like])
    lhs, names = _names(fn, 1 + len(like), "if")
    predicate = predicates[first]

    def branch(index):
        _enter(ctx, outer)
        jaxpr, consts = bodies[index]
        outs = _region(ctx, lambda: ctx.lower(jaxpr, args, consts))
        _yield(ctx, outs)

    fn.open_region(f"{lhs} = scf.if {predicate.ssa} -> ({types}) {{")
    branch(first)
    fn.close_region("} else {")
    fn._indent += 1
    if len(bodies) - first == 2:
        branch(first + 1)
    else:
        _enter(ctx, outer)
        inner = _if_chain(ctx, predicates, args, bodies, like, first + 1)
        _yield(ctx, inner)
    fn.close_region("}")
    return _results(ctx, names, like)


def _deferred_cond(ctx, eqn, predicates, args, bodies):
    """qml.cond on a mid-circuit measurement: the branches' gates controlled
    on its ancilla (the false branch on the opposite outcome)."""
    if len(bodies) != 2 or not isinstance(predicates[0], MidMeasure):
        raise CompileError("qml.cond with elif branches on mid-circuit "
                           "measurements is not supported", eqn)
    if any(type(v.aval).__name__ != "AbstractOperator" for v in eqn.outvars):
        raise CompileError("qml.cond on a mid-circuit measurement cannot return "
                           "classical values (qgrad defers measurements)", eqn)
    m = predicates[0]
    why = ("control flow or measurements inside qml.cond on a mid-circuit "
           "measurement are not supported")
    for index, outcome in ((0, True), (1, False)):
        jaxpr, consts = bodies[index]
        ops = ctx.collect(lambda: ctx.lower(jaxpr, args, consts), why, eqn)
        flip = outcome == m.negated  # the gates apply when the ancilla is 0
        if ops and flip:
            ctx.queue.append(Operator("gate", "PauliX", (), [m.wire], eqn=eqn))
        for op in ops:
            op.queued = False
            ctx.queue.append(controlled(op, [m.wire], eqn))
        if ops and flip:
            ctx.queue.append(Operator("gate", "PauliX", (), [m.wire], eqn=eqn))
    return [None] * len(eqn.outvars)


def _refuse_jax_control_flow(ctx, eqn, operands):
    raise CompileError(f"gates inside JAX's '{eqn.primitive.name}' in a qnode are "
                       f"not supported: use qml.for_loop, qml.while_loop or "
                       f"qml.cond", eqn)


def rule_for(eqn):
    """The rule of a qnode equation this module handles, or None."""
    name = eqn.primitive.name
    if name == "measure":
        return _measure
    if name == "for_loop":
        return _for_loop
    if name == "while_loop":
        return _while_loop
    if name == "cond" and "jaxpr_branches" in eqn.params:
        return _cond
    if name in _JAX_CONTROL_FLOW and any(
            _contains_quantum(inner) for inner in nested_jaxprs(eqn)):
        return _refuse_jax_control_flow
    return None


_JAX_CONTROL_FLOW = ("while", "scan", "cond")


def mid_measure_rule(eqn, env):
    """_on_mid_measure when an operand of `eqn` is a deferred outcome."""
    for var in eqn.invars:
        if not isinstance(var, jex_core.Literal) and isinstance(env.get(var), MidMeasure):
            return _on_mid_measure
    return None

