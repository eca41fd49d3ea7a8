"""Observables and measurements of a qnode.

Observables are symbolic until a measurement emits them: a sum of products
of named observables and Hermitian matrices, weighted by coefficients,
becomes one `quantum.hamiltonian` over `quantum.tensor` terms. Measurements
are emitted on the circuit's final state, in the order the qnode lists them.

Statistics of a mid-circuit measurement (qml.expval(m), qml.probs(op=m))
read the ancilla that holds its outcome (measurements are deferred,
_circuit_flow.py): m is 1 with probability <(I - Z) / 2> on that wire.
"""

import numpy as np

from . import _mlir
from ._classical import Value
from ._errors import CompileError, location_of
from ._quantum import Operator, consume

NAMED_OBSERVABLES = {"PauliX", "PauliY", "PauliZ", "Hadamard", "Identity"}


class Measurement:
    """One measurement process; `values` are its results once emitted (two
    for counts: outcomes and their counts). A result may need classical
    post-processing by the qnode's caller (`post`, per value): the variance
    of a Pauli word is 1 - <P>^2, computed from an expectation value that
    the gradient lowering differentiates."""

    def __init__(self, kind, observable=None, wires=(), eqn=None, ancilla=None):
        self.kind = kind
        self.observable = observable
        self.wires = list(wires)
        self.eqn = eqn
        self.ancilla = ancilla
        self.values = []
        self.post = {}  # value index -> fn(FunctionBuilder, ssa) -> ssa

    def emit(self, ctx):
        fn = ctx.fn
        saved = fn.location
        fn.location = location_of(self.eqn)
        try:
            self.values = EMITTERS[self.kind](ctx, self)
        finally:
            fn.location = saved


class MeasurementResult:
    """The index-th result of a measurement, as the jaxpr sees it."""

    def __init__(self, measurement, index):
        self.measurement, self.index = measurement, index

    @property
    def values(self):
        return [self.measurement.values[self.index]]

    @property
    def post(self):
        return self.measurement.post.get(self.index)


def unsupported(eqn):
    raise CompileError(f"the measurement '{eqn.primitive.name}' is not supported "
                       f"by qgrad", eqn)


# --- Observables -----------------------------------------------------------------


def observable(ctx, op):
    """The !quantum.obs of an observable operator."""
    fn = ctx.fn
    terms = _terms(ctx, op)
    if len(terms) == 1 and terms[0][0] is None:
        return _product(ctx, terms[0][1])
    coefficients = [c if c is not None else fn.constant(1.0, "f64")
                    for c, _ in terms]
    n = len(terms)
    coeffs = fn.op(f"tensor.from_elements {', '.join(coefficients)} : "
                   f"tensor<{n}xf64>", "coeffs")
    obs = [_product(ctx, factors) for _, factors in terms]
    return fn.op(f"quantum.hamiltonian({coeffs} : tensor<{n}xf64>) "
                 f"{', '.join(obs)} : !quantum.obs", "obs")


def _terms(ctx, op):
    """op as [(coefficient ssa or None, [factor operators])]."""
    fn = ctx.fn
    if op.kind == "hermitian":
        return [(None, [op])]
    if op.kind == "gate":
        if op.name not in NAMED_OBSERVABLES:
            raise CompileError(f"{op.name} is not an observable qgrad can "
                               f"measure", op.eqn)
        return [(None, [op])]
    if op.kind == "sum":
        return [t for operand in op.operands for t in _terms(ctx, operand)]
    if op.kind == "sprod":
        out = []
        for c, factors in _terms(ctx, op.operands[0]):
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
                for c2, f2 in _terms(ctx, operand):
                    if c1 is None or c2 is None:
                        c = c1 if c2 is None else c2
                    else:
                        c = fn.op(f"arith.mulf {c1}, {c2} : f64")
                    expanded.append((c, f1 + f2))
            out = expanded
        return out
    raise CompileError(f"unsupported observable {op.kind}", op.eqn)


def _product(ctx, factors):
    fn = ctx.fn
    names = []
    for f in factors:
        if f.kind == "hermitian":
            qubits = ", ".join(ctx.qubits_for(f.wires))
            names.append(fn.op(f"quantum.hermitian({f.matrix.ssa} : "
                               f"{f.matrix.type}) {qubits} : !quantum.obs", "obs"))
        else:
            names.append(fn.op(f"quantum.namedobs {ctx.qubits_for(f.wires)[0]}"
                               f"[{f.name}] : !quantum.obs", "obs"))
    if len(names) == 1:
        return names[0]
    return fn.op(f"quantum.tensor {', '.join(names)} : !quantum.obs", "obs")


def _hermitian(ctx, eqn, operands):
    matrix, wires = operands[0], [ctx.wire(a, eqn) for a in eqn.invars[1:]]
    size = 2 ** len(wires)
    if not isinstance(matrix, Value) or matrix.shape != (size, size):
        raise CompileError(f"qml.Hermitian on {len(wires)} wire(s) needs a "
                           f"{size} x {size} matrix", eqn)
    if getattr(matrix, "constant", None) is None and matrix.element == "f64":
        op = _pauli_expansion(ctx, matrix, wires, eqn)
    else:
        op = Operator("hermitian", wires=wires, eqn=eqn,
                      matrix=to_complex(ctx.fn, matrix, eqn))
    ctx.queue.append(op)
    return [op]


_PAULI_MATRICES = {
    "Identity": np.eye(2), "PauliX": np.array([[0, 1], [1, 0]]),
    "PauliY": np.array([[0, -1j], [1j, 0]]), "PauliZ": np.diag([1, -1]),
}


def _pauli_expansion(ctx, matrix, wires, eqn):
    """A real symmetric matrix computed at run time as the Hamiltonian
    sum_P Tr(P H) / 2^k P over the Pauli words P on its k wires.

    The coefficients are linear in the matrix's entries, so the gradient
    lowering differentiates them like any Hamiltonian's coefficients
    (d<H>/dH_ij = Re rho_ji); a quantum.hermitian whose matrix depends on a
    differentiated argument is refused. Words with an odd number of Y have
    Tr(P H) = 0 for a real symmetric H and are left out."""
    import itertools

    fn = ctx.fn
    k = len(wires)
    size = 2 ** k
    entries = {}

    def entry(i, j):
        if (i, j) not in entries:
            entries[(i, j)] = fn.op(f"tensor.extract {matrix.ssa}[{fn.index(i)}, "
                                    f"{fn.index(j)}] : {matrix.type}")
        return entries[(i, j)]

    terms = []
    for names in itertools.product(sorted(_PAULI_MATRICES), repeat=k):
        if names.count("PauliY") % 2:
            continue
        word = np.ones((1, 1))
        for name in names:
            word = np.kron(word, _PAULI_MATRICES[name])
        weights = np.real(word).T / size  # Tr(P H) = sum_ij P_ji H_ij
        coefficient = None
        for (i, j), w in np.ndenumerate(weights):
            if w == 0:
                continue
            term = fn.op(f"arith.mulf {fn.constant(w, 'f64')}, {entry(i, j)} : f64")
            coefficient = term if coefficient is None else fn.op(
                f"arith.addf {coefficient}, {term} : f64")
        if coefficient is None:
            continue
        factors = [Operator("gate", name, (), [w], eqn=eqn)
                   for name, w in zip(names, wires) if name != "Identity"]
        if not factors:
            factors = [Operator("gate", "Identity", (), [wires[0]], eqn=eqn)]
        for f in factors:
            f.queued = False
        product = factors[0] if len(factors) == 1 else Operator(
            "prod", operands=factors, eqn=eqn)
        terms.append(Operator("sprod", operands=[product],
                              coefficient=Value(coefficient, (), "float64"), eqn=eqn))
    return Operator("sum", operands=terms, eqn=eqn)


def to_complex(fn, value, eqn):
    """A real or complex tensor as tensor<...xcomplex<f64>>."""
    if value.dtype == np.dtype("complex128"):
        return value
    if value.element != "f64":
        raise CompileError(f"a matrix of {value.dtype} is not supported", eqn)
    out = Value(None, value.shape, "complex128")
    zero = fn.constant(0.0, "f64")
    out.ssa = map_elements(fn, value, out, lambda x: fn.op(
        f"complex.create {x}, {zero} : complex<f64>"))
    return out


def map_elements(fn, value, out, body):
    """linalg.generic applying body(element ssa) -> ssa elementwise."""
    rank = len(value.shape)
    init = fn.op(f"tensor.empty() : {out.type}", "init")
    return _mlir.generic(fn, [(value.ssa, value.type, value.element)], init,
                         out.type, [_mlir.identity_map(rank)] * 2,
                         ["parallel"] * rank, lambda fn, names: body(names[0]))


def _prod(ctx, eqn, operands):
    factors = [consume(ctx, o, eqn) for o in operands]
    op = Operator("prod", operands=factors, eqn=eqn)
    ctx.queue.append(op)
    return [op]


def _sum(ctx, eqn, operands):
    terms = [consume(ctx, o, eqn) for o in operands]
    op = Operator("sum", operands=terms, eqn=eqn)
    ctx.queue.append(op)
    return [op]


def _coefficient(c, eqn):
    if not isinstance(c, Value) or c.shape:
        raise CompileError("an observable's coefficient must be a scalar", eqn)
    if c.element != "f64":
        raise CompileError("an observable's coefficient must be a float", eqn)
    return c


def _sprod(ctx, eqn, operands):
    scale, base = operands
    op = Operator("sprod", operands=[consume(ctx, base, eqn)],
                  coefficient=_coefficient(scale, eqn), eqn=eqn)
    ctx.queue.append(op)
    return [op]


def _linear_combination(ctx, eqn, operands):
    n = eqn.params["n_obs"]
    coefficients, ops = operands[:len(operands) - n], operands[len(operands) - n:]
    if len(coefficients) == 1 and isinstance(coefficients[0], Value) and \
            coefficients[0].shape == (n,) and n != 1:
        # An array of coefficients: its elements.
        array = coefficients[0]
        coefficients = []
        for i in range(n):
            index = ctx.fn.index(i)
            coefficients.append(Value(ctx.fn.op(
                f"tensor.extract {array.ssa}[{index}] : {array.type}"), (), array.dtype))
    if len(coefficients) != n:
        raise CompileError(f"qml.Hamiltonian with {len(coefficients)} coefficient "
                           f"values for {n} observables", eqn)
    terms = [Operator("sprod", operands=[consume(ctx, o, eqn)],
                      coefficient=_coefficient(c, eqn), eqn=eqn)
             for c, o in zip(coefficients, ops)]
    op = Operator("sum", operands=terms, eqn=eqn)
    ctx.queue.append(op)
    return [op]


# --- Measurement processes ---------------------------------------------------------


def _measure_observable(kind):
    def rule(ctx, eqn, operands):
        m = Measurement(kind, consume(ctx, operands[0], eqn), eqn=eqn)
        ctx.measurements.append(m)
        return [MeasurementResult(m, 0)]

    return rule


def _measure_wires(kind, results=1):
    def rule(ctx, eqn, operands):
        wires = [ctx.wire(a, eqn) for a in eqn.invars]
        if len(set(wires)) != len(wires):
            raise CompileError("a wire is measured twice in one measurement", eqn)
        if kind == "state" and eqn.invars:  # qml.density_matrix(wires)
            raise CompileError("qml.density_matrix is not supported by qgrad "
                               "(qml.state() is)", eqn)
        if kind == "state" and ctx.num_ancillas:
            raise CompileError("qml.state() of a circuit with mid-circuit "
                               "measurements is not supported (qgrad defers "
                               "them onto extra qubits)", eqn)
        m = Measurement(kind, wires=wires, eqn=eqn)
        ctx.measurements.append(m)
        return [MeasurementResult(m, i) for i in range(results)]

    return rule


def _measure_mid_circuit(kind):
    def rule(ctx, eqn, operands):
        from ._circuit_flow import MidMeasure

        value = operands[0]
        if not isinstance(value, MidMeasure):
            raise CompileError(f"{eqn.primitive.name} of a combination of "
                               f"mid-circuit measurements is not supported", eqn)
        m = Measurement(kind, eqn=eqn, ancilla=value)
        ctx.measurements.append(m)
        return [MeasurementResult(m, 0)]

    return rule


def _needs_shots(ctx, m, what):
    if ctx.shots is None:
        raise CompileError(f"{what} needs a device with shots (qml.set_shots or "
                           f"shots=... on the device)", m.eqn)


def _basis(ctx, wires):
    wires = wires or list(range(len(ctx.labels)))
    qubits = ", ".join(ctx.qubits_for(wires))
    return wires, ctx.fn.op(f"quantum.compbasis qubits {qubits} : !quantum.obs",
                            "basis")


def _seed(ctx):
    """The device's seed, so that sampling is reproducible when the user asks."""
    seed = getattr(ctx.device, "_prng_seed", None)
    if not isinstance(seed, (int, np.integer)):
        return ""
    return f" {{seed = {int(seed) % 2**63} : i64}}"


def _emit_expval(ctx, m):
    obs = observable(ctx, m.observable)
    return [Value(ctx.fn.op(f"quantum.expval {obs} : f64", "expval"), (), "float64")]


def _is_pauli_word(op):
    """A product of Paulis on distinct wires (no coefficient): P^2 = I."""
    if op.kind == "gate":
        return op.name in ("PauliX", "PauliY", "PauliZ")
    if op.kind == "prod":
        wires = [w for f in op.operands for w in f.wires]
        return (all(_is_pauli_word(f) for f in op.operands)
                and all(isinstance(w, int) for w in wires)
                and len(set(wires)) == len(wires))
    return False


def _one_minus_square(fn, e):
    one = fn.constant(1.0, "f64")
    return fn.op(f"arith.subf {one}, {fn.op(f'arith.mulf {e}, {e} : f64')} : f64")


def _minus_square(fn, p):
    return fn.op(f"arith.subf {p}, {fn.op(f'arith.mulf {p}, {p} : f64')} : f64")


def _emit_var(ctx, m):
    obs = observable(ctx, m.observable)
    if _is_pauli_word(m.observable):
        m.post[0] = _one_minus_square
        return [Value(ctx.fn.op(f"quantum.expval {obs} : f64", "expval"), (), "float64")]
    return [Value(ctx.fn.op(f"quantum.var {obs} : f64", "var"), (), "float64")]


def _emit_probs(ctx, m):
    wires, basis = _basis(ctx, m.wires)
    size = 2 ** len(wires)
    return [Value(ctx.fn.op(f"quantum.probs {basis} : tensor<{size}xf64>", "probs"),
                  (size,), "float64")]


def _emit_state(ctx, m):
    wires, basis = _basis(ctx, m.wires)
    size = 2 ** len(wires)
    return [Value(ctx.fn.op(f"quantum.state {basis} : tensor<{size}xcomplex<f64>>",
                            "state"), (size,), "complex128")]


def _as_integers(fn, value):
    """Sampled outcomes (f64 from the runtime) as PennyLane's int64."""
    out = Value(None, value.shape, "int64")
    out.ssa = map_elements(fn, value, out,
                           lambda x: fn.op(f"arith.fptosi {x} : f64 to i64"))
    return out


def _emit_sample_wires(ctx, m):
    _needs_shots(ctx, m, "qml.sample")
    wires, basis = _basis(ctx, m.wires)
    samples = Value(None, (ctx.shots, len(wires)), "float64")
    samples.ssa = ctx.fn.op(f"quantum.sample {basis}{_seed(ctx)} : {samples.type}",
                            "sample")
    return [_as_integers(ctx.fn, samples)]


def _z_product_wires(op, eqn):
    """The wires of a product of PauliZ (and Identity) factors: observables
    diagonal in the computational basis, whose eigenvalue per shot is
    (-1)^(number of ones on those wires)."""
    if op.kind == "gate" and op.name in ("PauliZ", "Identity"):
        return [] if op.name == "Identity" else list(op.wires)
    if op.kind == "prod":
        wires = []
        for factor in op.operands:
            wires += _z_product_wires(factor, eqn)
        return wires
    raise CompileError("qml.sample of an observable is supported for products "
                       "of PauliZ (the runtime samples in the computational "
                       "basis); sample the wires and rotate the basis with gates "
                       "instead", eqn)


def _emit_sample_observable(ctx, m):
    _needs_shots(ctx, m, "qml.sample")
    fn = ctx.fn
    wires = _z_product_wires(m.observable, m.eqn)
    out = Value(None, (ctx.shots,), "float64")
    one = fn.constant(1.0, "f64")
    if not wires:
        init = fn.op(f"tensor.empty() : {out.type}", "init")
        out.ssa = fn.op(f"linalg.fill ins({one} : f64) outs({init} : {out.type}) "
                        f"-> {out.type}")
        return [out]
    _, basis = _basis(ctx, wires)
    bits = Value(None, (ctx.shots, len(wires)), "float64")
    bits.ssa = fn.op(f"quantum.sample {basis}{_seed(ctx)} : {bits.type}", "sample")
    init = fn.op(f"tensor.empty() : {out.type}", "init")
    filled = fn.op(f"linalg.fill ins({one} : f64) outs({init} : {out.type}) "
                   f"-> {out.type}")

    def times_sign(fn, names):
        bit, acc = names
        two = fn.constant(2.0, "f64")
        sign = fn.op(f"arith.subf {one}, {fn.op(f'arith.mulf {two}, {bit} : f64')} : f64")
        return fn.op(f"arith.mulf {acc}, {sign} : f64")

    out.ssa = _mlir.generic(fn, [(bits.ssa, bits.type, "f64")], filled, out.type,
                            [_mlir.identity_map(2), "affine_map<(d0, d1) -> (d0)>"],
                            ["parallel", "reduction"], times_sign)
    return [out]


def _emit_counts(ctx, m, obs, outcomes, integer_keys):
    _needs_shots(ctx, m, "qml.counts")
    names = ctx.fn.ops(2, f"quantum.counts {obs}{_seed(ctx)} : tensor<{outcomes}xf64>, "
                       f"tensor<{outcomes}xi64>", "counts")
    keys = Value(names[0], (outcomes,), "float64")
    if integer_keys:
        keys = _as_integers(ctx.fn, keys)
    return [keys, Value(names[1], (outcomes,), "int64")]


def _emit_counts_wires(ctx, m):
    wires, basis = _basis(ctx, m.wires)
    return _emit_counts(ctx, m, basis, 2 ** len(wires), True)


def _emit_counts_observable(ctx, m):
    op = m.observable
    if op.kind != "gate" or op.name not in NAMED_OBSERVABLES - {"Identity"}:
        raise CompileError("qml.counts of an observable other than a Pauli or "
                           "Hadamard is not supported", m.eqn)
    return _emit_counts(ctx, m, observable(ctx, op), 2, False)


def _projector_one(ctx, m):
    """|1><1| = (I - Z) / 2 on the measurement's ancilla (with its polarity)."""
    fn = ctx.fn
    (qubit,) = ctx.qubits_for([m.ancilla.wire])
    identity = fn.op(f"quantum.namedobs {qubit}[Identity] : !quantum.obs", "obs")
    z = fn.op(f"quantum.namedobs {qubit}[PauliZ] : !quantum.obs", "obs")
    sign = 0.5 if m.ancilla.negated else -0.5
    coeffs = fn.op(f"arith.constant dense<[0.5, {sign}]> : tensor<2xf64>", "coeffs")
    return fn.op(f"quantum.hamiltonian({coeffs} : tensor<2xf64>) {identity}, {z} : "
                 f"!quantum.obs", "obs")


def _emit_expval_mcm(ctx, m):
    return [Value(ctx.fn.op(f"quantum.expval {_projector_one(ctx, m)} : f64",
                            "expval"), (), "float64")]


def _emit_var_mcm(ctx, m):
    # A 0/1 outcome with P(1) = p has variance p - p^2.
    m.post[0] = _minus_square
    return _emit_expval_mcm(ctx, m)


def _emit_probs_mcm(ctx, m):
    if m.ancilla.negated:
        raise CompileError("qml.probs of a negated mid-circuit measurement is not "
                           "supported", m.eqn)
    basis = ctx.fn.op(f"quantum.compbasis qubits {ctx.qubits_for([m.ancilla.wire])[0]}"
                      f" : !quantum.obs", "basis")
    return [Value(ctx.fn.op(f"quantum.probs {basis} : tensor<2xf64>", "probs"),
                  (2,), "float64")]


EMITTERS = {
    "expval": _emit_expval,
    "var": _emit_var,
    "probs": _emit_probs,
    "state": _emit_state,
    "sample_wires": _emit_sample_wires,
    "sample_obs": _emit_sample_observable,
    "counts_wires": _emit_counts_wires,
    "counts_obs": _emit_counts_observable,
    "expval_mcm": _emit_expval_mcm,
    "var_mcm": _emit_var_mcm,
    "probs_mcm": _emit_probs_mcm,
}


def _counts_rule(kind):
    observable_rule = _measure_observable(kind)
    wires_rule = _measure_wires(kind, results=2)

    def rule(ctx, eqn, operands):
        if kind == "counts_obs":
            (first,) = observable_rule(ctx, eqn, operands)
            return [first, MeasurementResult(first.measurement, 1)]
        return wires_rule(ctx, eqn, operands)

    return rule


RULES = {
    "Hermitian": _hermitian,
    "Prod": _prod,
    "Sum": _sum,
    "SProd": _sprod,
    "LinearCombination": _linear_combination,
    "expval_obs": _measure_observable("expval"),
    "var_obs": _measure_observable("var"),
    "probs_wires": _measure_wires("probs"),
    "state_wires": _measure_wires("state"),
    "sample_wires": _measure_wires("sample_wires"),
    "sample_obs": _measure_observable("sample_obs"),
    "counts_wires": _counts_rule("counts_wires"),
    "counts_obs": _counts_rule("counts_obs"),
    "expval_mcm": _measure_mid_circuit("expval_mcm"),
    "var_mcm": _measure_mid_circuit("var_mcm"),
    "probs_mcm": _measure_mid_circuit("probs_mcm"),
}
