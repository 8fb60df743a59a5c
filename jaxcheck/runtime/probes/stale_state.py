"""JAX108: call the jitted function, change the state it read (the global, or the attribute of
the object it is bound to), call again, and run the same code without jit as a control.
Confirmed when the compiled program keeps its first result while the code without jit sees
the change; refuted when the jitted result follows the change."""

from __future__ import annotations

import re
from typing import Any

import jax
import numpy as np

from .. import inputs
from ..loader import LoadedModule
from ..resolve import Target, bound_objects
from .base import Outcome, Rejected, confirmed, error_text, inconclusive, refuted, with_arguments

_STATE = re.compile(r"^`([^`]+)` is read at trace time")


def run(task: dict, loaded: LoadedModule, target: Target, configured: list[str]) -> Outcome:
    found = _STATE.match(task.get("message", ""))
    if found is None:
        return inconclusive("the finding does not name the state it reads")
    state = found.group(1)
    owner, name = _owner(state, loaded, target)
    if owner is None:
        return inconclusive(f"`{state}` could not be found on the running objects")
    original = getattr(owner, name)
    changed = _changed(original)
    if changed is None:
        return inconclusive(f"`{state}` holds a {type(original).__name__}; only numbers and bools are changed")

    def experiment(candidate: inputs.Candidate) -> Outcome:
        try:
            first = _result(target, candidate)
            setattr(owner, name, changed)
            try:
                later = _result(target, candidate)
                with jax.disable_jit():
                    control = _result(target, candidate)
            finally:
                setattr(owner, name, original)
        except Exception as error:  # noqa: BLE001 - the user's code may raise anything
            raise Rejected(error_text(error)) from error
        if _same(later, first) and not _same(control, first):
            return confirmed(
                f"after `{state}` changed from {original!r} to {changed!r}, `{target.name}` under jit "
                "returned the same as before, while without jit the result changed"
            )
        if not _same(later, first):
            return refuted(f"after `{state}` changed, `{target.name}` under jit returned a new result")
        return inconclusive(f"changing `{state}` changes no result of `{target.name}`, with or without jit")

    return with_arguments(target, loaded, configured, experiment)


def _owner(state: str, loaded: LoadedModule, target: Target) -> tuple[Any, str] | tuple[None, str]:
    if state.startswith("self."):
        name = state.removeprefix("self.")
        objects = [o for o in bound_objects(target.call) if hasattr(o, name)]
        return (objects[0], name) if objects else (None, name)
    return (loaded.module, state) if hasattr(loaded.module, state) else (None, state)


def _changed(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value * 2 + 1
    return None


def _result(target: Target, candidate: inputs.Candidate) -> Any:
    return jax.tree_util.tree_map(np.asarray, target.call(*candidate.args, **candidate.kwargs))


def _same(a: Any, b: Any) -> bool:
    leaves_a, leaves_b = jax.tree_util.tree_leaves(a), jax.tree_util.tree_leaves(b)
    return len(leaves_a) == len(leaves_b) and all(np.array_equal(x, y) for x, y in zip(leaves_a, leaves_b))
