"""docs/python.md shows a program and the MLIR the frontend emits for it;
this runs the program from the page and compares."""

import os
import re

import jax.numpy as jnp  # noqa: F401 (the page's program uses them)
import pennylane as qml  # noqa: F401

import qgrad  # noqa: F401

PAGE = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "python.md")


def _block(text, marker, language):
    start = text.index(f"<!-- {marker} -->")
    match = re.compile(rf"```{language}\n(.*?)```", re.S).search(text, start)
    return match.group(1)


def test_emitted_mlir_is_the_documented_one():
    text = open(PAGE).read()
    program = _block(text, "example-program", "python").replace(
        "print(gradient.mlir)", "")
    scope = dict(globals())
    exec(program, scope)
    emitted = re.sub(r" loc\([^)]*\)", "", scope["gradient"].mlir)
    assert emitted == _block(text, "example-mlir", "mlir")
