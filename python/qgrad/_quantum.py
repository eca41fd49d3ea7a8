"""PennyLane qnodes (captured as jaxpr) as qnode functions of the quantum
dialect.

PennyLane's program capture turns a qnode into a `qnode` equation whose
`qfunc_jaxpr` holds one equation per operator (named after its class, with
parameters then wires as operands), per measurement and per control-flow
primitive. Operators are queued as PennyLane queues them: an operator
consumed by another (Adjoint, Prod, SProd, Sum, an observable of a
measurement) leaves the queue. The queue is flushed, that is its gates
applied, wherever the circuit's order becomes visible: before a loop, a
branch or a mid-circuit measurement, at the end of a loop body or branch,
and before the final measurements. An operator that a later equation of the
same jaxpr consumes is kept queued across a flush, so an observable built
early is never applied as a gate.

Measurements (_measurements.py) are taken on the final state, as PennyLane
does; control flow and mid-circuit measurements are in _circuit_flow.py.
"""

from . import _lower
from ._classical import Value
from ._errors import CompileError, location_of

# qgrad's gate table (lib/Dialect/Quantum/IR/GateTable.cpp), by PennyLane
# name: number of parameters and of wires.
GATES = {
    "Identity": (0, 1), "PauliX": (0, 1), "PauliY": (0, 1), "PauliZ": (0, 1),
    "Hadamard": (0, 1), "S": (0, 1), "T": (0, 1), "PhaseShift": (1, 1),
    "RX": (1, 1), "RY": (1, 1), "RZ": (1, 1), "Rot": (3, 1),
    "CNOT": (0, 2), "CY": (0, 2), "CZ": (0, 2), "SWAP": (0, 2),
    "IsingXX": (1, 2), "IsingYY": (1, 2), "IsingXY": (1, 2), "IsingZZ": (1, 2),
    "ControlledPhaseShift": (1, 2), "CRX": (1, 2), "CRY": (1, 2),
    "CRZ": (1, 2), "CRot": (3, 2), "CSWAP": (0, 3), "Toffoli": (0, 3),
}

# One control wire (control value 1) turns these into the table's gates.
CONTROLLED = {
    "PauliX": "CNOT", "PauliY": "CY", "PauliZ": "CZ", "RX": "CRX", "RY": "CRY",
    "RZ": "CRZ", "Rot": "CRot", "PhaseShift": "ControlledPhaseShift",
    "CNOT": "Toffoli", "SWAP": "CSWAP",
}

DIFF_METHODS = {
    "adjoint": "adjoint",
    "parameter-shift": "parameter-shift",
    "finite-diff": "finite-diff",
    "best": "best",
    None: "best",
    # The device would differentiate by backpropagation through its
    # simulator; qgrad's runtime does it exactly by its best method.
    "backprop": "best",
}


class Operator:
    """An operator value inside a qnode: a gate, or an observable term."""

    def __init__(self, kind, name=None, params=(), wires=(), operands=(),
                 coefficient=None, eqn=None, matrix=None):
        self.kind = kind  # "gate", "prod", "sprod", "sum", "hermitian"
        self.name = name
        self.params = list(params)
        self.wires = list(wires)
        self.operands = list(operands)
        self.coefficient = coefficient
        self.matrix = matrix  # a Hermitian's matrix Value
        self.adjoint = False
        self.queued = True
        self.eqn = eqn
        self.var = None  # the jaxpr variable it was last bound to


class QNodeLowering(_lower.Lowering):
    def __init__(self, module, fn, device, num_ancillas=0, shots=None):
        super().__init__(module, fn)
        self.device = device
        self.labels = list(device.wires)
        self.num_ancillas = num_ancillas
        self.next_ancilla = len(self.labels)
        self.shots = shots  # the static number of shots, or None
        self.queue = []
        self.measurements = []
        self.used = set()  # jaxpr variables some equation reads
        self.collecting = None  # why a flush is refused (inside ctrl/adjoint)
        self.loop_depth = 0  # loop bodies being lowered (no measurement there)
        self.qubits = {}
        self.register = None
        self.size = 0

    def describe_non_value(self, value):
        from ._circuit_flow import MidMeasure
        from ._measurements import MeasurementResult

        if isinstance(value, MidMeasure):
            return ("a mid-circuit measurement is used by classical code; qgrad "
                    "defers measurements, so their values can only select "
                    "branches of qml.cond or be measured (qml.expval(m), "
                    "qml.probs(op=m))")
        if isinstance(value, MeasurementResult):
            return ("a measurement result is used by classical code inside the "
                    "qnode; return it and compute with it outside")
        return "an operator is used where a number is expected"

    def wire(self, atom, eqn):
        """A wire as an index into the register: a Python int when it is
        known at compile time, else an i64 Value (a loop index, say)."""
        from jax.extend import core as jex_core

        if isinstance(atom, jex_core.Literal):
            label = atom.val
        else:
            value = self.env.get(atom)
            label = getattr(value, "constant", None)
            if label is None:
                return self.dynamic_wire(value, eqn)
        label = label.item() if hasattr(label, "item") else label
        if label not in self.labels:
            raise CompileError(f"wire {label} is not a wire of the device "
                               f"(wires {self.labels})", eqn)
        return self.labels.index(label)

    def dynamic_wire(self, value, eqn):
        if not isinstance(value, Value) or value.shape or value.element not in (
                "i64", "i32"):
            raise CompileError("a wire must be an integer", eqn)
        if self.labels != list(range(len(self.labels))):
            raise CompileError("a wire computed at run time needs a device whose "
                               "wires are 0 .. n-1", eqn)
        if value.element == "i32":
            return Value(self.fn.op(f"arith.extsi {value.ssa} : i32 to i64"), (),
                         "int64")
        return value

    def allocate_ancilla(self, eqn):
        if self.next_ancilla >= self.size:
            raise CompileError("internal error: more mid-circuit measurements "
                               "than counted", eqn)
        self.next_ancilla += 1
        return self.next_ancilla - 1

    def rule_for(self, eqn):
        from . import _circuit_flow, _measurements

        name = eqn.primitive.name
        outs = eqn.outvars
        kind = type(outs[0].aval).__name__ if outs else None
        for rule in (_circuit_flow.rule_for(eqn), _measurements.RULES.get(name),
                     QUANTUM_RULES.get(name),
                     _circuit_flow.mid_measure_rule(eqn, self.env)):
            if rule is not None:
                return rule
        if kind == "AbstractOperator":
            return _operator
        if kind == "AbstractMeasurement":
            return lambda ctx, e, ops: _measurements.unsupported(e)
        return super().rule_for(eqn)

    def read_result(self, atom):
        """Bodies return operators and classical values; the circuit itself
        returns measurements (end_circuit checks)."""
        from ._measurements import MeasurementResult

        value = self.env.get(atom) if type(atom).__name__ == "Var" else None
        if isinstance(value, (MeasurementResult, Operator)):
            return value
        return self.read(atom)

    # -- the queue -------------------------------------------------------------

    def lower(self, jaxpr, args, consts=(), read_outputs=True):
        """Every jaxpr of the circuit (its body, loop bodies, branches)
        records which of its variables are read, so that a flush keeps the
        operators a later equation consumes."""
        added = set()
        for eqn in jaxpr.eqns:
            added.update(v for v in eqn.invars if hasattr(v, "aval")
                         and type(v).__name__ == "Var")
        added.update(v for v in jaxpr.outvars if type(v).__name__ == "Var")
        added -= self.used
        self.used |= added
        try:
            return super().lower(jaxpr, args, consts, read_outputs)
        finally:
            self.used -= added

    def bind(self, var, value):
        super().bind(var, value)
        if isinstance(value, Operator):
            value.var = var

    def flush(self, eqn=None, everything=False):
        """Applies the queued gates (all of them at the end of a region,
        otherwise those no later equation consumes)."""
        if self.collecting is not None and self.queue:
            raise CompileError(self.collecting, eqn)
        kept = []
        for op in self.queue:
            if not op.queued:
                continue
            if not everything and op.var in self.used:
                kept.append(op)
                continue
            op.queued = False
            self.apply(op)
        self.queue = kept

    def collect(self, lower_body, why, eqn):
        """Lowers a body whose gates are transformed before they are queued
        (qml.ctrl, qml.adjoint, a branch on a mid-circuit measurement):
        returns the body's queued gates, in order."""
        saved_queue, saved_collecting = self.queue, self.collecting
        self.queue, self.collecting = [], why
        try:
            outputs = lower_body()
            ops = [op for op in self.queue if op.queued]
        finally:
            self.queue, self.collecting = saved_queue, saved_collecting
        for op in outputs or ():
            if isinstance(op, Operator) and op.queued and op not in ops:
                ops.append(op)
        for op in ops:
            if op.kind != "gate":
                raise CompileError(f"{op.kind} cannot be applied as a gate", eqn)
        return ops

    # -- emission -------------------------------------------------------------

    # The register holds every qubit that is not extracted; `qubits` maps a
    # wire (an int, or the SSA name of a run-time index) to its current
    # qubit value. A run-time index may alias any wire, so no other qubit is
    # out while one is extracted by a run-time index.

    def begin_circuit(self):
        n = len(self.labels) + self.num_ancillas
        self.size = n
        self.register = self.fn.op(f"quantum.alloc( {n}) : !quantum.reg", "reg")
        self.qubits = {}

    def pack(self):
        """Puts every extracted qubit back into the register."""
        fn = self.fn
        for key, (index, qubit) in self.qubits.items():
            where = index.ssa if isinstance(index, Value) else f" {index}"
            self.register = fn.op(f"quantum.insert {self.register}[{where}], {qubit} "
                                  f": !quantum.reg, !quantum.bit", "reg")
        self.qubits = {}

    def qubits_for(self, wires):
        """The current qubit values of `wires`, extracted as needed."""
        fn = self.fn
        keys = [w.ssa if isinstance(w, Value) else w for w in wires]
        dynamic = any(isinstance(w, Value) for w in wires)
        out_dynamic = any(isinstance(k, str) for k in self.qubits)
        if (dynamic or out_dynamic) and any(k not in self.qubits for k in keys):
            self.pack()
        out = []
        for w, key in zip(wires, keys):
            if key not in self.qubits:
                where = w.ssa if isinstance(w, Value) else f" {w}"
                qubit = fn.op(f"quantum.extract {self.register}[{where}] : "
                              f"!quantum.reg -> !quantum.bit", "q")
                self.qubits[key] = (w, qubit)
            out.append(self.qubits[key][1])
        return out

    def set_qubits(self, wires, values):
        for w, q in zip(wires, values):
            key = w.ssa if isinstance(w, Value) else w
            self.qubits[key] = (w, q)

    def end_circuit(self, outs):
        from ._measurements import MeasurementResult

        fn = self.fn
        self.flush(everything=True)
        for m in self.measurements:
            m.emit(self)
        fn.location = None
        self.pack()
        fn.emit(f"quantum.dealloc {self.register} : !quantum.reg")
        results = []
        for m in outs:
            if not isinstance(m, MeasurementResult):
                raise CompileError("a qnode must return measurements (qml.expval, "
                                   "qml.var, qml.probs, qml.state, qml.sample, "
                                   "qml.counts)", getattr(m, "eqn", None))
            results.append((m.values[0], m.post))
        return results

    def apply(self, op):
        fn = self.fn
        saved = fn.location
        fn.location = location_of(op.eqn) if op.eqn is not None else saved
        try:
            if op.kind != "gate":
                raise CompileError(f"the operator {op.kind} cannot be applied "
                                   f"as a gate", op.eqn)
            if op.name == "Identity":
                return
            self.apply_gate(op.name, op.params, op.wires, op.adjoint)
        finally:
            fn.location = saved

    def apply_gate(self, name, params, wires, adjoint=False):
        fn = self.fn
        qubits = self.qubits_for(wires)
        types = ", ".join(["!quantum.bit"] * len(qubits))
        flag = " {adjoint}" if adjoint else ""
        operands = ", ".join(p.ssa for p in params)
        text = (f'quantum.custom "{name}"({operands}) {", ".join(qubits)}'
                f'{flag} : {types}')
        if len(qubits) == 1:
            outs = [fn.op(text, "q")]
        else:
            outs = fn.ops(len(qubits), text, "q")
        self.set_qubits(wires, outs)


def as_angle(ctx, p, name, eqn):
    """A gate parameter as an f64 scalar."""
    if not isinstance(p, Value) or p.shape:
        raise CompileError(f"the parameters of {name} must be scalars", eqn)
    if p.element == "f64":
        return p
    if p.element == "i1":
        return Value(ctx.fn.op(f"arith.uitofp {p.ssa} : i1 to f64"), (), "float64")
    if p.element in ("i64", "i32"):
        return Value(ctx.fn.op(f"arith.sitofp {p.ssa} : {p.element} to f64"),
                     (), "float64")
    return Value(ctx.fn.op(f"arith.extf {p.ssa} : {p.element} to f64"), (), "float64")


def _operator(ctx, eqn, operands):
    name = eqn.primitive.name
    n_wires = eqn.params.get("n_wires")
    if name not in GATES or n_wires is None:
        raise CompileError(f"the PennyLane operation {name} is not supported by "
                           f"qgrad", eqn)
    n_params, table_wires = GATES[name]
    if n_wires != table_wires or len(operands) != n_params + n_wires:
        raise CompileError(f"{name} with {len(operands) - n_wires} parameters on "
                           f"{n_wires} wires is not supported", eqn)
    params = [as_angle(ctx, p, name, eqn) for p in operands[:n_params]]
    wires = [ctx.wire(a, eqn) for a in eqn.invars[n_params:]]
    op = Operator("gate", name, params, wires, eqn=eqn)
    ctx.queue.append(op)
    return [op]


def consume(ctx, value, eqn):
    if not isinstance(value, Operator):
        raise CompileError("an operator is expected", eqn)
    value.queued = False
    return value


def _adjoint(ctx, eqn, operands):
    base = consume(ctx, operands[0], eqn)
    if base.kind != "gate":
        raise CompileError("qml.adjoint of an observable is not supported", eqn)
    op = Operator("gate", base.name, base.params, base.wires, eqn=eqn)
    op.adjoint = not base.adjoint
    ctx.queue.append(op)
    return [op]


def _body(ctx, eqn, operands, n_consts, jaxpr_param="jaxpr"):
    """A transform's body jaxpr lowered in place (for collect)."""
    inner = eqn.params[jaxpr_param]
    jaxpr = getattr(inner, "jaxpr", inner)
    consts = list(getattr(inner, "consts", ())) + list(operands[:n_consts])
    return lambda: ctx.lower(jaxpr, operands[n_consts:], consts)


def _adjoint_transform(ctx, eqn, operands):
    """qml.adjoint(f)(...): f's gates in reverse order, each inverted."""
    n_consts = eqn.params.get("n_consts", 0)
    ops = ctx.collect(_body(ctx, eqn, operands, n_consts),
                      "control flow or mid-circuit measurements inside "
                      "qml.adjoint are not supported", eqn)
    for op in reversed(ops):
        op.queued = False
        inverse = Operator("gate", op.name, op.params, op.wires, eqn=op.eqn)
        inverse.adjoint = not op.adjoint
        ctx.queue.append(inverse)
    return []


def controlled(op, controls, eqn):
    """op with one more control wire (value 1), as a gate of the table."""
    if op.kind != "gate" or op.name not in CONTROLLED or len(controls) != 1:
        raise CompileError(f"a controlled {op.name or op.kind} is not a gate of "
                           f"qgrad's table (one control wire on X, Y, Z, RX, RY, "
                           f"RZ, Rot, PhaseShift, CNOT or SWAP)", eqn)
    out = Operator("gate", CONTROLLED[op.name], op.params, controls + op.wires,
                   eqn=op.eqn)
    out.adjoint = op.adjoint
    return out


def _ctrl(ctx, eqn, operands):
    n_control = eqn.params["n_control"]
    values = eqn.params.get("control_values") or (True,) * n_control
    n_consts = eqn.params.get("n_consts", 0)
    body_args = operands[:len(operands) - n_control]
    controls = [ctx.wire(a, eqn) for a in eqn.invars[len(operands) - n_control:]]
    if n_control != 1:
        raise CompileError("qml.ctrl with more than one control wire is not "
                           "supported", eqn)
    ops = ctx.collect(_body(ctx, eqn, body_args, n_consts),
                      "control flow or mid-circuit measurements inside qml.ctrl "
                      "are not supported", eqn)
    flip = not values[0]
    if flip:
        ctx.queue.append(Operator("gate", "PauliX", (), controls, eqn=eqn))
    for op in ops:
        op.queued = False
        ctx.queue.append(controlled(op, controls, eqn))
    if flip:
        ctx.queue.append(Operator("gate", "PauliX", (), controls, eqn=eqn))
    return []


QUANTUM_RULES = {
    "Adjoint": _adjoint,
    "adjoint_transform": _adjoint_transform,
    "ctrl_transform": _ctrl,
}


def nested_jaxprs(eqn):
    """The jaxprs an equation's parameters hold (loop bodies, branches,
    transformed functions)."""
    for value in eqn.params.values():
        for inner in (value if isinstance(value, (tuple, list)) else (value,)):
            inner = getattr(inner, "jaxpr", inner)
            if hasattr(inner, "eqns"):
                yield inner


def _count_measurements(jaxpr):
    """Mid-circuit measurements in the circuit (each needs an ancilla)."""
    return sum((eqn.primitive.name == "measure")
               + sum(_count_measurements(inner) for inner in nested_jaxprs(eqn))
               for eqn in jaxpr.eqns)


def _static_shots(eqn, operands):
    from jax.extend import core as jex_core

    count = eqn.params.get("shots_len", 0)
    if count == 0:
        return None
    if count > 1:
        raise CompileError("a shot vector (several shot counts) is not "
                           "supported by qgrad", eqn)
    atom = eqn.invars[0]
    if not isinstance(atom, jex_core.Literal):
        raise CompileError("the number of shots must be a constant", eqn)
    shots = int(atom.val)
    if shots <= 0:
        raise CompileError(f"the number of shots must be positive, not {shots}", eqn)
    return shots


def lower_qnode(ctx, eqn, operands):
    qnode = eqn.params["qnode"]
    device = eqn.params["device"]
    shots = _static_shots(eqn, operands)
    operands = operands[eqn.params.get("shots_len", 0):]
    method = getattr(qnode, "diff_method", None)
    if method not in DIFF_METHODS:
        raise CompileError(f"diff_method={method!r} is not supported by qgrad "
                           f"(use 'adjoint', 'parameter-shift' or 'best')", eqn)
    name = ctx.module.unique_symbol(getattr(qnode, "__name__", None)
                                    or getattr(qnode.func, "__name__", "qnode"))
    fn = ctx.module.function(name, {"qnode": True,
                                    "diff_method": DIFF_METHODS[method]})
    qfunc = eqn.params["qfunc_jaxpr"]
    body = QNodeLowering(ctx.module, fn, device,
                         _count_measurements(getattr(qfunc, "jaxpr", qfunc)), shots)
    # Constants (a matrix or coefficients from the user's closure) are
    # materialized inside the qnode rather than passed: the gradient lowering
    # then sees that they do not depend on any argument.
    args, passed = [], []
    for v in operands:
        if not isinstance(v, Value):
            raise CompileError("a qnode argument must be an array or a number", eqn)
        constant = getattr(v, "constant", None)
        if constant is not None:
            args.append(body.constant_array(constant))
        else:
            args.append(Value(fn.argument(v.type), v.shape, v.dtype))
            passed.append(v)
    if shots is not None:
        count = fn.constant(shots, "i64")
        fn.emit(f'quantum.device shots({count}) ["", "qgrad.statevector", "{{}}"]')
    body.begin_circuit()
    # The qnode's operands are the closure's constants, then its arguments.
    n_consts = eqn.params.get("n_consts", 0)
    outs = body.lower(getattr(qfunc, "jaxpr", qfunc), args[n_consts:],
                      list(getattr(qfunc, "consts", ())) + args[:n_consts])
    results = body.end_circuit(outs)
    posts = [post for _, post in results]
    results = [r for r, _ in results]
    fn.results = [(r.ssa, r.type) for r in results]

    types_in = ", ".join(v.type for v in passed)
    types_out = ", ".join(r.type for r in results)
    call = (f"func.call @{name}({', '.join(v.ssa for v in passed)}) : "
            f"({types_in}) -> ({types_out})")
    if len(results) == 1:
        names = [ctx.fn.op(call, "e")]
    else:
        names = ctx.fn.ops(len(results), call, "e")
    return [Value(post(ctx.fn, n) if post else n, r.shape, r.dtype)
            for n, r, post in zip(names, results, posts)]


_lower.SPECIAL_RULES["qnode"] = lower_qnode
