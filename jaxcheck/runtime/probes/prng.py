"""JAX5xx: run the code with JAX's own key-reuse checking, or with two different keys.

Reuse (JAX501/503/504/505): the function (or the module's top-level code) runs under
`jax.debug_key_reuse(True)` with `jax.enable_custom_prng(True)`, so legacy `PRNGKey` keys are
typed keys too (the checker tracks only typed keys, measured on jax 0.10.2); confirmed when JAX
raises `KeyReuseError`. A discarded key (JAX502): the function runs with two different keys;
confirmed when both give the same output.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import jax
import numpy as np

from .. import inputs
from ..loader import LoadedModule
from ..resolve import Target
from .base import Outcome, Rejected, confirmed, error_text, in_a_branch_of_its_line, in_user_code, inconclusive, line_ran, not_reached, refuted, stopped_at, watching_the_line, with_arguments


@contextlib.contextmanager
def checking_keys() -> Iterator[None]:
    with jax.enable_custom_prng(True), jax.debug_key_reuse(True):
        yield


def run(task: dict, loaded: LoadedModule, target: Target | None, configured: list[str]) -> Outcome:
    if task.get("module_level"):
        return _module_level(task, loaded)
    if target is None:
        return inconclusive(task.get("reason") or "the function could not be found")
    keys = task.get("key_params") or (sorted(target.keys) if task.get("keys_from_signature") else [])
    if not keys and task["code"] == "JAX502":
        return inconclusive(f"`{target.name}` has no parameter that looks like a key to pass")
    # Without a key parameter the function makes its keys itself (`key = random.key(3)`): they
    # are checked all the same while it runs.
    experiment = _discarded if task["code"] == "JAX502" else _reused
    return with_arguments(
        target, loaded, configured, lambda candidate: experiment(task, loaded, target, candidate, keys),
        frozenset(keys),
    )


_REUSED_AT_THE_LINE = ("JAX501", "JAX504")


def _reused(task: dict, loaded: LoadedModule, target: Target, candidate: inputs.Candidate, keys: list[str]) -> Outcome:
    args, kwargs = with_keys(target, candidate, keys, seed=0)
    candidate = inputs.Candidate(candidate.source, args, kwargs)
    try:
        with watching_the_line(task, loaded) as ran, checking_keys():
            jax.block_until_ready(target.call(*args, **kwargs))
    except jax.errors.KeyReuseError as error:
        line = in_user_code(error, str(loaded.path))
        where = f" (line {line})" if line else ""
        first = str(error).strip().splitlines()[0]
        # The checker stops at the first reuse: one raised before the finding's line ran, or (for a
        # reuse the finding places at its line: JAX501, JAX504) one that stopped the function
        # holding it at an earlier line (of the statement the line is in, too), says nothing
        # about it. JAX505's reuse shows where the returned key is consumed again, not at the
        # `return`.
        stopped = stopped_at(error, task.get("file") or str(loaded.path), task["line"]) if task["code"] in _REUSED_AT_THE_LINE else None
        # An error that left the function at the line itself is the finding's reuse, and so is
        # one jit's check raised for a whole traced program (its trace ran every line of the
        # function, which the line watcher may not see: it watches the module as validate
        # loaded it, and the project's own tests may build the object from another copy).
        whole_program = stopped is None and first.startswith("In jit")
        seen = stopped == task["line"] or whole_program or ran() is not False
        if (stopped is not None and stopped < task["line"]) or not seen:
            return not_reached(
                f"`{target.name}` with {candidate.describe()} under `jax_debug_key_reuse` raised KeyReuseError at "
                f"another reuse, not at line {task['line']}: {first}{where}"
            )
        return confirmed(f"calling `{target.name}` with {candidate.describe()} under `jax_debug_key_reuse` raised KeyReuseError: {first}{where}")
    except Exception as error:  # noqa: BLE001 - user code
        raise Rejected(error_text(error)) from None
    if line_ran(task, loaded, lambda: jax.block_until_ready(target.call(*args, **kwargs))) is False:
        return not_reached(
            f"`{target.name}` ran with {candidate.describe()} under `jax_debug_key_reuse` without reusing a key, "
            f"but line {task['line']} did not run: the reuse is on a path these arguments do not take"
        )
    if in_a_branch_of_its_line(task, loaded):
        return not_reached(
            f"`{target.name}` ran with {candidate.describe()} under `jax_debug_key_reuse` without reusing a key, "
            f"but the use at line {task['line']}, column {task['column']} is in a branch its line can skip: "
            "these arguments may not take it"
        )
    if task.get("checker_sees_second_use") is False:
        return inconclusive(
            f"`{target.name}` ran with {candidate.describe()} under `jax_debug_key_reuse` without a KeyReuseError, "
            f"but the second use, `{task['second_use']}`, is not a jax.random function, and JAX's checker does not "
            "see every library's use of a key (flax's `init` derives its keys out of its sight)"
        )
    return refuted(f"`{target.name}` ran with {candidate.describe()} under `jax_debug_key_reuse` without reusing a key")


def _discarded(task: dict, loaded: LoadedModule, target: Target, candidate: inputs.Candidate, keys: list[str]) -> Outcome:
    results = []
    for seed in (1, 2):
        args, kwargs = with_keys(target, candidate, keys, seed=seed, typed=False)
        try:
            results.append(jax.device_get(target.call(*args, **kwargs)))
        except Exception as error:  # noqa: BLE001 - user code
            raise Rejected(error_text(error)) from None
    shown = ", ".join(f"`{k}`" for k in keys)
    if _same(results[0], results[1]):
        described = inputs.Candidate(candidate.source, *with_keys(target, candidate, keys, seed=1, typed=False)).describe()
        return confirmed(f"`{target.name}` returned the same output for two different keys passed as {shown} ({described} and another key)")
    same, leaves = _same_leaves(results[0], results[1])
    if same:
        # What was drawn before the key was replaced differs, what was drawn after may not:
        # the outputs cannot tell which of them comes from the replaced key.
        return inconclusive(
            f"`{target.name}` returned {same} of {leaves} outputs unchanged and the others changed for two "
            f"different keys passed as {shown}: the outputs cannot tell which come from the replaced key"
        )
    return refuted(f"`{target.name}` returned different outputs, every one of them, for two different keys passed as {shown}")


def with_keys(target: Target, candidate: inputs.Candidate, keys: list[str], seed: int, typed: bool = True) -> tuple[tuple, dict]:
    """The candidate's arguments with a distinct key in each key parameter."""
    signature = inputs.signature_of(target.call)
    names = [p.name for p in signature.parameters.values()] if signature else []
    args, kwargs = list(candidate.args), dict(candidate.kwargs)
    for offset, name in enumerate(keys):
        key = jax.random.key(seed * 100 + offset) if typed else jax.random.PRNGKey(seed * 100 + offset)
        if name in kwargs or name not in names or names.index(name) >= len(args):
            kwargs[name] = key
        else:
            args[names.index(name)] = key
    return tuple(args), kwargs


def _same(a: Any, b: Any) -> bool:
    leaves_a, tree_a = jax.tree.flatten(a)
    leaves_b, tree_b = jax.tree.flatten(b)
    if tree_a != tree_b:
        return False
    return all(np.array_equal(np.asarray(x), np.asarray(y)) for x, y in zip(leaves_a, leaves_b))


def _same_leaves(a: Any, b: Any) -> tuple[int, int]:
    """(leaves equal in both, leaves) of two outputs of the same structure ((0, 0) otherwise)."""
    leaves_a, tree_a = jax.tree.flatten(a)
    leaves_b, tree_b = jax.tree.flatten(b)
    if tree_a != tree_b:
        return 0, 0
    return sum(np.array_equal(np.asarray(x), np.asarray(y)) for x, y in zip(leaves_a, leaves_b)), len(leaves_a)


def _module_level(task: dict, loaded: LoadedModule) -> Outcome:
    """Run the module's top-level statements again, up to the finding, with keys checked."""
    statements = [s for s in loaded.tree.body if s.lineno <= task["line"]]
    namespace: dict = {"__name__": "__jaxcheck_replay__", "__file__": str(loaded.path)}
    try:
        with checking_keys():
            for statement in statements:
                exec(loaded.compile_statement(statement), namespace)  # noqa: S102 - the user's module
    except jax.errors.KeyReuseError as error:
        line = in_user_code(error, str(loaded.path))
        first = str(error).strip().splitlines()[0]
        return confirmed(f"running the module's top level under `jax_debug_key_reuse` raised KeyReuseError: {first}" + (f" (line {line})" if line else ""))
    except Exception as error:  # noqa: BLE001 - user code
        return inconclusive(f"running the module's top level again raised {error_text(error)}")
    return refuted("the module's top level ran under `jax_debug_key_reuse` without reusing a key")
