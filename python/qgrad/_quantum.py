"""PennyLane qnodes (captured as jaxpr) as qnode functions of the quantum
dialect.

PennyLane's program capture turns a qnode into a `qnode` equation whose
`qfunc_jaxpr` holds one equation per operator (named after its class, with
parameters then wires as operands) and per measurement. Operators are
queued as PennyLane queues them: an operator consumed by another (Adjoint,
Prod, SProd, Sum, an observable of a measurement) leaves the queue. Gates
are applied after the classical code of the circuit (whose values they
read) and measurements are taken on the final state, as PennyLane does.
"""

from . import _lower
from ._classical import Value
from ._errors import CompileError

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

NAMED_OBSERVABLES = {"PauliX", "PauliY", "PauliZ", "Hadamard", "Identity"}

DIFF_METHODS = {
    "adjoint": "adjoint",
    "parameter-shift": "parameter-shift",
    "best": "best",
    None: "best",
    # The device would differentiate by backpropagation through its
    # simulator; qgrad's runtime does it exactly by its best method.
    "backprop": "best",
}


class Operator:
    """An operator value inside a qnode: a gate, or an observable term."""

    def __init__(self, kind, name=None, params=(), wires=(), operands=(),
                 coefficient=None, eqn=None):
        self.kind = kind  # "gate", "prod", "sprod", "sum"
        self.name = name
        self.params = list(params)
        self.wires = list(wires)
        self.operands = list(operands)
        self.coefficient = coefficient
        self.adjoint = False
        self.queued = True
        self.eqn = eqn


class Measurement:
    def __init__(self, kind, observable=None, wires=(), eqn=None):
        self.kind = kind  # "expval", "var", "probs"
        self.observable = observable
        self.wires = list(wires)
        self.eqn = eqn
        self.value = None  # the Value once emitted


class QNodeLowering(_lower.Lowering):
    def __init__(self, module, fn, device):
        super().__init__(module, fn)
        self.device = device
        self.labels = list(device.wires)
        self.queue = []
        self.measurements = []

    def describe_non_value(self, value):
        if isinstance(value, Measurement):
            return ("a measurement result is used by classical code inside the "
                    "qnode; return it and compute with it outside")
        return "an operator is used where a number is expected"

    def wire(self, atom, eqn):
        from jax.extend import core as jex_core

        if not isinstance(atom, jex_core.Literal):
            raise CompileError("a wire computed at run time is not supported "
                               "(wires must be Python integers)", eqn)
        label = atom.val.item() if hasattr(atom.val, "item") else atom.val
        if label not in self.labels:
            raise CompileError(f"wire {label} is not a wire of the device "
                               f"(wires {self.labels})", eqn)
        return self.labels.index(label)

    def rule_for(self, eqn):
        name = eqn.primitive.name
        outs = eqn.outvars
        kind = type(outs[0].aval).__name__ if outs else None
        if name in QUANTUM_RULES:
            return QUANTUM_RULES[name]
        if kind == "AbstractOperator":
            return _operator
        if kind == "AbstractMeasurement":
            return lambda ctx, e, ops: _unsupported_measurement(e)
        return super().rule_for(eqn)

    def read_result(self, atom):
        value = self.env.get(atom)
        if isinstance(value, Measurement):
            return value
        raise CompileError("a qnode must return measurements (qml.expval, "
                           "qml.var, qml.probs)")

    # -- emission -------------------------------------------------------------

    def emit_circuit(self, outs):
        fn = self.fn
        fn.location = None
        n = len(self.labels)
        reg = fn.op(f"quantum.alloc( {n}) : !quantum.reg", "reg")
        self.qubits = [fn.op(f"quantum.extract {reg}[ {i}] : !quantum.reg -> "
                             f"!quantum.bit", "q") for i in range(n)]
        for op in self.queue:
            if op.queued:
                self.apply(op)
        for m in self.measurements:
            self.measure(m)
        fn.location = None
        for i, q in enumerate(self.qubits):
            reg = fn.op(f"quantum.insert {reg}[ {i}], {q} : !quantum.reg, "
                        f"!quantum.bit", "reg")
        fn.emit(f"quantum.dealloc {reg} : !quantum.reg")
        return [m.value for m in outs]

    def apply(self, op):
        fn = self.fn
        from ._errors import location_of

        fn.location = location_of(op.eqn) if op.eqn is not None else None
        if op.kind != "gate":
            raise CompileError(f"the operator {op.kind} cannot be applied as a "
                               f"gate", op.eqn)
        if op.name == "Identity":
            return
        qubits = [self.qubits[w] for w in op.wires]
        types = ", ".join(["!quantum.bit"] * len(qubits))
        adjoint = " {adjoint}" if op.adjoint else ""
        params = ", ".join(p.ssa for p in op.params)
        text = (f'quantum.custom "{op.name}"({params}) {", ".join(qubits)}'
                f'{adjoint} : {types}')
        if len(qubits) == 1:
            outs = [fn.op(text, "q")]
        else:
            outs = fn.ops(len(qubits), text, "q")
        for w, q in zip(op.wires, outs):
            self.qubits[w] = q

    def observable(self, op):
        """The !quantum.obs of an observable operator (products and sums of
        named observables, weighted by coefficients)."""
        fn = self.fn
        terms = self.terms(op)
        if len(terms) == 1 and terms[0][0] is None:
            return self.product(terms[0][1])
        coefficients = []
        for c, _ in terms:
            coefficients.append(c if c is not None else fn.constant(1.0, "f64"))
        n = len(terms)
        coeffs = fn.op(f"tensor.from_elements {', '.join(coefficients)} : "
                       f"tensor<{n}xf64>", "coeffs")
        obs = [self.product(factors) for _, factors in terms]
        return fn.op(f"quantum.hamiltonian({coeffs} : tensor<{n}xf64>) "
                     f"{', '.join(obs)} : !quantum.obs", "obs")

    def terms(self, op):
        """op as [(coefficient ssa or None, [named factor operators])]."""
        fn = self.fn
        if op.kind == "gate":
            if op.name not in NAMED_OBSERVABLES:
                raise CompileError(f"{op.name} is not an observable qgrad can "
                                   f"measure", op.eqn)
            return [(None, [op])]
        if op.kind == "sum":
            return [t for operand in op.operands for t in self.terms(operand)]
        if op.kind == "sprod":
            out = []
            for c, factors in self.terms(op.operands[0]):
                scale = op.coefficient.ssa
                if c is not None:
                    scale = fn.op(f"arith.mulf {scale}, {c} : f64")
                out.append((scale, factors))
            return out
        if op.kind == "prod":
            # Distribute: a product of sums is a sum of products.
            out = [(None, [])]
            for operand in op.operands:
                expanded = []
                for c1, f1 in out:
                    for c2, f2 in self.terms(operand):
                        if c1 is None or c2 is None:
                            c = c1 if c2 is None else c2
                        else:
                            c = fn.op(f"arith.mulf {c1}, {c2} : f64")
                        expanded.append((c, f1 + f2))
                out = expanded
            return out
        raise CompileError(f"unsupported observable {op.kind}", op.eqn)

    def product(self, factors):
        fn = self.fn
        names = [fn.op(f"quantum.namedobs {self.qubits[f.wires[0]]}[{f.name}] : "
                       f"!quantum.obs", "obs") for f in factors]
        if len(names) == 1:
            return names[0]
        return fn.op(f"quantum.tensor {', '.join(names)} : !quantum.obs", "obs")

    def measure(self, m):
        fn = self.fn
        from ._errors import location_of

        fn.location = location_of(m.eqn)
        if m.kind in ("expval", "var"):
            obs = self.observable(m.observable)
            op = "expval" if m.kind == "expval" else "var"
            m.value = Value(fn.op(f"quantum.{op} {obs} : f64", m.kind), (), "float64")
            return
        wires = m.wires or list(range(len(self.labels)))
        qubits = ", ".join(self.qubits[w] for w in wires)
        basis = fn.op(f"quantum.compbasis qubits {qubits} : !quantum.obs", "basis")
        size = 2 ** len(wires)
        m.value = Value(fn.op(f"quantum.probs {basis} : tensor<{size}xf64>", "probs"),
                        (size,), "float64")


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
    params = []
    for p in operands[:n_params]:
        if not isinstance(p, Value) or p.shape:
            raise CompileError(f"the parameters of {name} must be scalars", eqn)
        if p.element != "f64":
            p = Value(ctx.fn.op(f"arith.sitofp {p.ssa} : {p.element} to f64")
                      if p.element != "i1" else
                      ctx.fn.op(f"arith.uitofp {p.ssa} : i1 to f64"), (), "float64")
        params.append(p)
    wires = [ctx.wire(a, eqn) for a in eqn.invars[n_params:]]
    op = Operator("gate", name, params, wires, eqn=eqn)
    ctx.queue.append(op)
    return [op]


def _consume(ctx, value, eqn):
    if not isinstance(value, Operator):
        raise CompileError("an operator is expected", eqn)
    value.queued = False
    return value


def _adjoint(ctx, eqn, operands):
    base = _consume(ctx, operands[0], eqn)
    if base.kind != "gate":
        raise CompileError("qml.adjoint of an observable is not supported", eqn)
    op = Operator("gate", base.name, base.params, base.wires, eqn=eqn)
    op.adjoint = not base.adjoint
    ctx.queue.append(op)
    return [op]


def _prod(ctx, eqn, operands):
    factors = [_consume(ctx, o, eqn) for o in operands]
    op = Operator("prod", operands=factors, eqn=eqn)
    ctx.queue.append(op)
    return [op]


def _sum(ctx, eqn, operands):
    terms = [_consume(ctx, o, eqn) for o in operands]
    op = Operator("sum", operands=terms, eqn=eqn)
    ctx.queue.append(op)
    return [op]


def _sprod(ctx, eqn, operands):
    scale, base = operands
    if not isinstance(scale, Value) or scale.shape:
        raise CompileError("qml.s_prod needs a scalar coefficient", eqn)
    if scale.element != "f64":
        raise CompileError("a coefficient must be a float", eqn)
    op = Operator("sprod", operands=[_consume(ctx, base, eqn)],
                  coefficient=scale, eqn=eqn)
    ctx.queue.append(op)
    return [op]


def _linear_combination(ctx, eqn, operands):
    n = eqn.params["n_obs"]
    coefficients, ops = operands[:len(operands) - n], operands[len(operands) - n:]
    if len(coefficients) != n:
        raise CompileError("qml.Hamiltonian with an array of coefficients is not "
                           "supported yet (pass a list of numbers)", eqn)
    terms = []
    for c, o in zip(coefficients, ops):
        if not isinstance(c, Value) or c.shape or c.element != "f64":
            raise CompileError("Hamiltonian coefficients must be float scalars", eqn)
        terms.append(Operator("sprod", operands=[_consume(ctx, o, eqn)],
                              coefficient=c, eqn=eqn))
    op = Operator("sum", operands=terms, eqn=eqn)
    ctx.queue.append(op)
    return [op]


def _measurement(kind):
    def rule(ctx, eqn, operands):
        if kind == "probs":
            m = Measurement(kind, wires=[ctx.wire(a, eqn) for a in eqn.invars],
                            eqn=eqn)
        else:
            m = Measurement(kind, _consume(ctx, operands[0], eqn), eqn=eqn)
        ctx.measurements.append(m)
        return [m]

    return rule


def _ctrl(ctx, eqn, operands):
    n_control = eqn.params["n_control"]
    values = eqn.params.get("control_values") or (True,) * n_control
    inner = eqn.params["jaxpr"]
    n_consts = eqn.params.get("n_consts", 0)
    body_args = operands[:len(operands) - n_control]
    controls = [ctx.wire(a, eqn) for a in eqn.invars[len(operands) - n_control:]]
    if n_control != 1 or not all(values):
        raise CompileError("qml.ctrl with more than one control wire, or a "
                           "control value 0, is not supported", eqn)
    # The body's operators are lowered and then turned into controlled gates.
    start = len(ctx.queue)
    jaxpr = getattr(inner, "jaxpr", inner)
    consts = list(getattr(inner, "consts", ())) + list(body_args[:n_consts])
    ctx.lower(jaxpr, body_args[n_consts:], consts, read_outputs=False)
    for op in ctx.queue[start:]:
        if not op.queued:
            continue
        if op.kind != "gate" or op.name not in CONTROLLED:
            raise CompileError(f"qml.ctrl of {op.name or op.kind} is not "
                               f"supported", eqn)
        op.name = CONTROLLED[op.name]
        op.wires = controls + op.wires
    return []


def _unsupported_measurement(eqn):
    raise CompileError(f"the measurement '{eqn.primitive.name}' is not supported "
                       f"by qgrad yet", eqn)


QUANTUM_RULES = {
    "Adjoint": _adjoint,
    "Prod": _prod,
    "Sum": _sum,
    "SProd": _sprod,
    "LinearCombination": _linear_combination,
    "expval_obs": _measurement("expval"),
    "var_obs": _measurement("var"),
    "probs_wires": _measurement("probs"),
    "ctrl_transform": _ctrl,
}


def lower_qnode(ctx, eqn, operands):
    qnode = eqn.params["qnode"]
    device = eqn.params["device"]
    if eqn.params.get("shots_len", 0) or getattr(device, "shots", None):
        raise CompileError("devices with shots are not supported by qgrad yet "
                           "(qgrad computes exact expectation values)", eqn)
    method = getattr(qnode, "diff_method", None)
    if method not in DIFF_METHODS:
        raise CompileError(f"diff_method={method!r} is not supported by qgrad "
                           f"(use 'adjoint', 'parameter-shift' or 'best')", eqn)
    name = ctx.module.unique_symbol(getattr(qnode, "__name__", None)
                                    or getattr(qnode.func, "__name__", "qnode"))
    fn = ctx.module.function(name, {"qnode": True,
                                    "diff_method": DIFF_METHODS[method]})
    args = []
    for v in operands:
        if not isinstance(v, Value):
            raise CompileError("a qnode argument must be an array or a number", eqn)
        args.append(Value(fn.argument(v.type), v.shape, v.dtype))
    body = QNodeLowering(ctx.module, fn, device)
    outs = body.inline(eqn.params["qfunc_jaxpr"], args)
    results = body.emit_circuit(outs)
    fn.results = [(r.ssa, r.type) for r in results]

    types_in = ", ".join(v.type for v in operands)
    types_out = ", ".join(r.type for r in results)
    call = f"func.call @{name}({', '.join(v.ssa for v in operands)}) : ({types_in}) -> ({types_out})"
    if len(results) == 1:
        names = [ctx.fn.op(call, "e")]
    else:
        names = ctx.fn.ops(len(results), call, "e")
    return [Value(n, r.shape, r.dtype) for n, r in zip(names, results)]


_lower.SPECIAL_RULES["qnode"] = lower_qnode
