"""jaxpr to qgrad's dialects: the walk over equations.

A Lowering holds one function being built and the environment from jaxpr
variables to Values. Each equation is lowered by the rule its primitive's
name selects: classical rules (_classical.RULES), the qnode rule
(_quantum.lower_qnode) and qgrad's own derivative primitives (_derivatives).
"""

import numpy as np
from jax.extend import core as jex_core

from . import _classical, _mlir
from ._classical import Value
from ._errors import CompileError, location_of

# Filled by the modules that define the rules, to avoid import cycles.
SPECIAL_RULES = {}


def _dense_literal(array):
    element = _mlir.element_type(array.dtype)

    def fmt(x):
        if element == "complex<f64>":
            return f"({_mlir.float_literal(x.real)}, {_mlir.float_literal(x.imag)})"
        if _mlir.is_float(element):
            return _mlir.float_literal(x)
        if element == "i1":
            return "true" if x else "false"
        return str(int(x))

    def nest(a):
        if a.ndim == 0:
            return fmt(a[()])
        return "[" + ", ".join(nest(x) for x in a) + "]"

    return f"dense<{nest(array)}>"


class _Literal(Value):
    """A jaxpr literal, emitted as a constant only where an op uses it (a
    wire number read by a gate never is)."""

    def __init__(self, lowering, array):
        self._lowering, self._array, self._ssa = lowering, array, None
        self.shape, self.dtype = tuple(array.shape), array.dtype
        self.constant = array

    @property
    def ssa(self):
        if self._ssa is None:
            self._ssa = self._lowering.constant_array(self._array).ssa
        return self._ssa


class Lowering:
    def __init__(self, module, fn):
        self.module = module
        self.fn = fn
        self.env = {}

    # -- values --------------------------------------------------------------

    def constant_array(self, value):
        array = np.asarray(value)
        if array.dtype == np.dtype("complex64"):
            array = array.astype(np.complex128)
        if array.dtype == np.dtype("float16"):
            raise CompileError(f"a constant of type {array.dtype} is not supported")
        if array.ndim == 0:
            out = Value(self.fn.constant(array[()], _mlir.element_type(array.dtype)),
                        (), array.dtype)
        else:
            out = Value(None, array.shape, array.dtype)
            out.ssa = self.fn.op(f"arith.constant {_dense_literal(array)} : {out.type}",
                                 "cst")
        out.constant = array  # a callee may materialize it again (qnodes do)
        return out

    def read(self, atom):
        if isinstance(atom, jex_core.Literal):
            return _Literal(self, np.asarray(atom.val, dtype=atom.aval.dtype))
        try:
            value = self.env[atom]
        except KeyError:
            raise CompileError(f"internal error: variable {atom} used before its "
                               f"definition") from None
        if not isinstance(value, Value):
            raise CompileError(self.describe_non_value(value))
        return value

    def describe_non_value(self, value):
        return (f"{type(value).__name__} values cannot be used as numbers "
                f"here")

    def bind(self, var, value):
        if type(var).__name__ != "DropVar":
            self.env[var] = value

    # -- walking -------------------------------------------------------------

    def lower(self, jaxpr, args, consts=(), read_outputs=True):
        """Lowers the (open) jaxpr with `args` for its invars and `consts`
        for its constvars; returns the outvars' values (unless the caller
        only wants the equations' effects)."""
        for var, value in zip(jaxpr.constvars, consts):
            self.bind(var, value if isinstance(value, Value)
                      else self.constant_array(value))
        for var, value in zip(jaxpr.invars, args):
            self.bind(var, value)
        for eqn in jaxpr.eqns:
            self.lower_eqn(eqn)
        if not read_outputs:
            return []
        return [self.read_result(v) for v in jaxpr.outvars]

    def read_result(self, atom):
        return self.read(atom)

    def inline(self, closed, operands):
        """A nested jaxpr (closed or open) lowered in place."""
        jaxpr = getattr(closed, "jaxpr", closed)
        consts = getattr(closed, "consts", ())
        return self.lower(jaxpr, operands, consts)

    def rule_for(self, eqn):
        name = eqn.primitive.name
        if name in SPECIAL_RULES:
            return SPECIAL_RULES[name]
        return _classical.RULES.get(name)

    def lower_eqn(self, eqn):
        saved = self.fn.location
        self.fn.location = location_of(eqn) or saved
        try:
            rule = self.rule_for(eqn)
            if rule is None:
                raise CompileError(
                    f"the JAX primitive '{eqn.primitive.name}' is not supported "
                    f"by qgrad", eqn)
            operands = [self.read_operand(a) for a in eqn.invars]
            try:
                outs = rule(self, eqn, operands)
            except CompileError as error:
                if error.location is None:
                    raise CompileError(str(error), eqn) from None
                raise
            for var, value in zip(eqn.outvars, outs):
                self.bind(var, value)
        finally:
            self.fn.location = saved

    def read_operand(self, atom):
        """Operands may be non-numeric (operators in a qnode): rules check."""
        if isinstance(atom, jex_core.Literal):
            return self.read(atom)
        try:
            return self.env[atom]
        except KeyError:
            raise CompileError(f"internal error: variable {atom} used before its "
                               f"definition") from None


def function_from_jaxpr(module, closed, name, attributes=None, entry=False):
    """Adds `closed` (a ClosedJaxpr) to `module` as func.func @name; returns
    the function builder. An entry function returns complex arrays as real
    ones with a last dimension of 2 (real, imaginary), the layout numpy views
    as complex128 without a copy: compiled entry points take and return
    real and integer arrays only."""
    fn = module.function(name, attributes)
    fn.read_only_tensor_arguments = entry
    jaxpr = closed.jaxpr
    args = []
    for var in jaxpr.invars:
        aval = var.aval
        args.append(Value(fn.argument(_mlir.value_type(aval.shape, aval.dtype)),
                          aval.shape, aval.dtype))
    lowering = Lowering(module, fn)
    outs = lowering.lower(jaxpr, args, closed.consts)
    if entry:
        outs = [_as_real_pairs(fn, v) if v.dtype.kind == "c" else v for v in outs]
    fn.results = [(v.ssa, v.type) for v in outs]
    return fn


def _as_real_pairs(fn, value):
    rank = len(value.shape)
    if rank == 0:
        raise CompileError("a complex scalar result is not supported")
    out = Value(None, value.shape + (2,), "float64")
    init = fn.op(f"tensor.empty() : {out.type}", "init")
    source = _mlir.affine_map(rank + 1, [f"d{i}" for i in range(rank)])

    def body(fn, names):
        part = fn.op(f"linalg.index {rank} : index")
        is_real = fn.op(f"arith.cmpi eq, {part}, {fn.index(0)} : index")
        re = fn.op(f"complex.re {names[0]} : complex<f64>")
        im = fn.op(f"complex.im {names[0]} : complex<f64>")
        return fn.op(f"arith.select {is_real}, {re}, {im} : f64")

    out.ssa = _mlir.generic(fn, [(value.ssa, value.type, "complex<f64>")], init,
                            out.type, [source, _mlir.identity_map(rank + 1)],
                            ["parallel"] * (rank + 1), body)
    return out


def translate(closed, name):
    """The MLIR module of a traced function; returns (text, entry name)."""
    module = _mlir.ModuleBuilder()
    entry = module.unique_symbol(name)
    function_from_jaxpr(module, closed, entry, entry=True)
    return module.text(), entry
