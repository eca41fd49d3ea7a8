"""MLIR text building: SSA names, types and functions.

The frontend emits qgrad's dialects as text, which the C++ pipeline parses in
process (qgrad._native). Text keeps the frontend free of MLIR's Python
bindings, which Debian's MLIR does not ship, and it is what `qjit(...).mlir`
shows the user.
"""

import re

import numpy as np

_ELEMENT_TYPES = {
    np.dtype("float64"): "f64",
    np.dtype("float32"): "f32",
    np.dtype("int64"): "i64",
    np.dtype("int32"): "i32",
    np.dtype("bool"): "i1",
    np.dtype("complex128"): "complex<f64>",
}

NUMPY_DTYPES = {name: dtype for dtype, name in _ELEMENT_TYPES.items()}


def element_type(dtype):
    try:
        return _ELEMENT_TYPES[np.dtype(dtype)]
    except KeyError:
        raise TypeError(f"qgrad supports float64, float32, int64, int32 and "
                        f"bool values, not {np.dtype(dtype)}") from None


def value_type(shape, dtype):
    """The MLIR type of an array value; rank 0 is a plain scalar."""
    element = element_type(dtype)
    if len(shape) == 0:
        return element
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + element + ">"


def is_float(element):
    return element in ("f64", "f32")


def float_literal(value):
    value = float(value)
    if np.isnan(value):
        return "0x7FF8000000000000"
    if np.isinf(value):
        return "0x7FF0000000000000" if value > 0 else "0xFFF0000000000000"
    return repr(value) if "e" in repr(value) or "." in repr(value) else repr(value) + ".0"


def identity_map(rank):
    dims = ", ".join(f"d{i}" for i in range(rank))
    return f"affine_map<({dims}) -> ({dims})>"


def affine_map(rank, results):
    dims = ", ".join(f"d{i}" for i in range(rank))
    return f"affine_map<({dims}) -> ({', '.join(results)})>"


def generic(fn, inputs, init, out_type, maps, iterators, body):
    """A one-result linalg.generic: `inputs` are (ssa, type, element),
    `init` the output tensor (ssa) of `out_type`; body(fn, block argument
    names) emits the block and returns the yielded ssa. Returns the result."""
    out_element = re.fullmatch(r"tensor<(?:[0-9?]+x)*(.+)>", out_type).group(1)
    ins = ""
    if inputs:
        ins = (f" ins({', '.join(i[0] for i in inputs)} : "
               f"{', '.join(i[1] for i in inputs)})")
    result = fn.fresh("t")
    fn.open_region(f"{result} = linalg.generic {{indexing_maps = [{', '.join(maps)}], "
                   f"iterator_types = [{', '.join(f'{chr(34)}{i}{chr(34)}' for i in iterators)}]}}"
                   f"{ins} outs({init} : {out_type}) {{")
    names = [fn.fresh("x") for _ in inputs] + [fn.fresh("o")]
    elements = [i[2] for i in inputs] + [out_element]
    fn.emit_raw(f"^bb0({', '.join(f'{n}: {e}' for n, e in zip(names, elements))}):")
    fn.emit(f"linalg.yield {body(fn, names)} : {out_element}")
    fn.close_region(f"}} -> {out_type}")
    return result


class Location:
    """A source location (file, line, column) that MLIR carries as loc()."""

    def __init__(self, file, line, column, function=None):
        self.file, self.line, self.column = file, line, column
        self.function = function

    def mlir(self):
        name = self.file.replace("\\", "\\\\").replace('"', '\\"')
        return f'loc("{name}":{self.line}:{self.column})'

    def __str__(self):
        where = f"{self.file}:{self.line}:{self.column}"
        return f"{where} (in {self.function})" if self.function else where


class FunctionBuilder:
    """One func.func: its arguments, body lines and results."""

    def __init__(self, module, name, attributes=None):
        self.module = module
        self.name = name
        self.attributes = attributes or {}
        self.arguments = []  # (ssa, type)
        self.lines = []
        self.results = []  # (ssa, type)
        self._indent = 1
        self.location = None  # the loc() of the ops being emitted
        # An entry function reads its tensor arguments in the caller's
        # buffers (numpy arrays, not copied): bufferization must not write
        # to them, and copies first where the program updates one in place.
        self.read_only_tensor_arguments = False

    def fresh(self, hint="v"):
        return self.module.fresh(hint)

    def argument(self, type_):
        ssa = self.fresh("arg")
        self.arguments.append((ssa, type_))
        return ssa

    def emit(self, text):
        """Adds one op; `text` has no result name."""
        loc = " " + self.location.mlir() if self.location else ""
        self.lines.append("  " * self._indent + text + loc)

    def op(self, text, hint="v"):
        """Adds `%new = text` and returns %new."""
        ssa = self.fresh(hint)
        self.emit(f"{ssa} = {text}")
        return ssa

    def ops(self, count, text, hint="v"):
        """Adds an op with `count` results; returns their names."""
        base = self.fresh(hint)
        self.emit(f"{base}:{count} = {text}")
        return [f"{base}#{i}" for i in range(count)]

    def open_region(self, header):
        self.emit_raw(header)
        self._indent += 1

    def close_region(self, footer):
        self._indent -= 1
        self.emit_raw(footer)

    def emit_raw(self, text):
        self.lines.append("  " * self._indent + text)

    def constant(self, value, element):
        if is_float(element):
            return self.op(f"arith.constant {float_literal(value)} : {element}", "c")
        if element == "i1":
            return self.op(f"arith.constant {'true' if value else 'false'}", "c")
        return self.op(f"arith.constant {int(value)} : {element}", "c")

    def index(self, value):
        return self.op(f"arith.constant {int(value)} : index", "c")

    def text(self):
        read_only = " {bufferization.writable = false}"
        args = ", ".join(
            f"{ssa}: {t}"
            + (read_only if self.read_only_tensor_arguments and t.startswith("tensor<")
               else "")
            for ssa, t in self.arguments)
        results = ", ".join(t for _, t in self.results)
        if len(self.results) != 1:
            results = f"({results})"
        attrs = ""
        if self.attributes:
            parts = []
            for key, value in self.attributes.items():
                parts.append(key if value is True else f'{key} = "{value}"')
            attrs = " attributes {" + ", ".join(parts) + "}"
        out = [f"func.func @{self.name}({args}) -> {results}{attrs} {{"]
        out += self.lines
        if self.results:
            names = ", ".join(ssa for ssa, _ in self.results)
            types = ", ".join(t for _, t in self.results)
            out.append(f"  return {names} : {types}")
        else:
            out.append("  return")
        out.append("}")
        return "\n".join(out)


class ModuleBuilder:
    def __init__(self):
        self.functions = []
        self._counter = 0
        self._names = set()

    def fresh(self, hint="v"):
        self._counter += 1
        return f"%{hint}{self._counter}"

    def unique_symbol(self, base):
        base = "".join(c if c.isalnum() or c in "_." else "_" for c in base) or "f"
        name, i = base, 0
        while name in self._names:
            i += 1
            name = f"{base}_{i}"
        self._names.add(name)
        return name

    def function(self, name, attributes=None):
        fn = FunctionBuilder(self, name, attributes)
        self.functions.append(fn)
        return fn

    def text(self):
        return "\n\n".join(fn.text() for fn in self.functions) + "\n"
