"""qgrad: PennyLane + JAX programs compiled and differentiated exactly by
qgrad's C++ pipeline (docs/python.md).

    @qgrad.qjit
    def loss(x, w):
        return jnp.cos(circuit(x, w)) ** 2

    loss(0.5, w); qgrad.grad(loss, argnums=(0, 1))(0.5, w)

qgrad computes in float64: importing it turns on JAX's x64 mode.
"""

import jax

jax.config.update("jax_enable_x64", True)

from ._api import (QJIT, cond, for_loop, grad, jacobian, jvp, qjit,  # noqa: E402
                   value_and_grad, vjp, while_loop)
from ._errors import CompileError  # noqa: E402

try:
    from ._native import ExecutionError  # noqa: E402
except ImportError:  # pragma: no cover - a build without the extension
    class ExecutionError(RuntimeError):
        pass

__all__ = ["qjit", "grad", "value_and_grad", "jacobian", "jvp", "vjp", "for_loop",
           "while_loop", "cond", "QJIT",
           "CompileError", "ExecutionError"]
