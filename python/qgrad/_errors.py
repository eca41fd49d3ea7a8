"""The frontend's exceptions, located at the user's source line."""

import os

import pennylane
from jax._src import source_info_util

# Errors point at the user's code, not at PennyLane's or qgrad's frames.
for _package in (pennylane, None):
    _dir = os.path.dirname(_package.__file__ if _package else __file__)
    source_info_util.register_exclusion(_dir + os.sep)


def _summarize(eqn):
    """'file:line:col (function)' of the user's code that made `eqn`."""
    try:
        return source_info_util.summarize(eqn.source_info)
    except Exception:  # an equation without source information
        return None


class CompileError(Exception):
    """A program qgrad cannot compile; the message names the operation and,
    where JAX recorded it, the user's file and line."""

    def __init__(self, message, eqn=None):
        where = _summarize(eqn) if eqn is not None else None
        self.location = where
        super().__init__(f"{where}: {message}" if where else message)


def location_of(eqn):
    """The equation's source location as _mlir.Location, or None."""
    from ._mlir import Location

    where = _summarize(eqn)
    if not where:
        return None
    place, _, function = where.partition(" (")
    parts = place.rsplit(":", 2)
    if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit():
        return None
    return Location(parts[0], int(parts[1]), int(parts[2]) + 1,
                    function.rstrip(")") or None)
