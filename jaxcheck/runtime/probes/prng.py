"""JAX5xx: run the code with every key consumption recorded, or with two different keys.

Reuse (JAX501/503/504/505): the function (or the module's top-level code) runs with the key
ledger (``key_ledger``: legacy `PRNGKey` keys and typed keys, eager and jitted, and the run goes
on after a reuse, where JAX's own checker stops at the first); confirmed when a reuse was
recorded at the finding's file and line, after the earlier use the finding names. A key the
object holds, drawn again by each call of a method: the method runs twice on one object with its
optional key parameters at their defaults (`prng_key=None`, then `self.prng_key`), and no reuse
refutes it only when a key drawn at the line was not one the experiment passed in (a JAX502
of a key held across calls, as a key captured by a closure is). A discarded key (JAX502): the
function runs with two different keys; confirmed when both give the same output. A key made from a constant when its parameter is left out (JAX502): the function runs
twice leaving it out and twice with two different keys; confirmed when the first two agree
and the last two differ.
"""

from __future__ import annotations

import contextlib
import dataclasses
import pathlib
from collections.abc import Iterator
from typing import Any

import jax
import numpy as np

from .. import inputs
from ..instrument import outside_installation
from ..key_ledger import KeyLedger, reseeded_counts
from ..loader import LoadedModule
from ..resolve import Target
from .base import Outcome, Rejected, confirmed, error_text, in_a_branch_of_its_line, inconclusive, not_reached, refuted, watching_the_line, with_arguments


def run(task: dict, loaded: LoadedModule, target: Target | None, configured: list[str]) -> Outcome:
    if task.get("module_level"):
        return _module_level(task, loaded)
    if target is None:
        return inconclusive(task.get("reason") or "the function could not be found")
    keys = task.get("key_params") or (sorted(target.keys) if task.get("keys_from_signature") else [])
    discarded = task["code"] == "JAX502" and not task.get("held_key")
    if not keys and discarded:
        return inconclusive(f"`{target.name}` has no parameter that looks like a key to pass")
    # Without a key parameter the function makes its keys itself (`key = random.key(3)`): they
    # are checked all the same while it runs.
    experiment = _discarded if discarded else _reused
    stored = task.get("stored_key_defaults") or []
    if stored:  # the finding is about the key the object holds: these parameters stay at their defaults
        target = dataclasses.replace(target, keys=target.keys - set(stored), defaults=target.defaults | set(stored))
    if task.get("left_out"):
        experiment = _left_out
    return with_arguments(
        target, loaded, configured, lambda candidate: experiment(task, loaded, target, candidate, keys),
        frozenset(keys),
    )


def _reused(task: dict, loaded: LoadedModule, target: Target, candidate: inputs.Candidate, keys: list[str]) -> Outcome:
    """Call the function (``task["calls"]`` times on one object, each call with other values
    and other keys in its key parameters: only a key it holds itself is the same in both)."""
    calls = [
        _at_defaults(target, with_keys(target, candidate.variant(number) if number else candidate, keys, seed=number))
        for number in range(task.get("calls", 1))
    ]
    candidate = inputs.Candidate(candidate.source, *calls[0])
    failure: BaseException | None = None
    with watching_the_line(task, loaded) as ran, recording_keys() as ledger:
        try:
            for args, kwargs in calls:
                jax.block_until_ready(target.call(*args, **kwargs))
        except Exception as error:  # noqa: BLE001 - user code; a reuse recorded before it still counts
            failure = error
    twice = f" called {len(calls)} times on one `{type(target.owner).__name__}`" if len(calls) > 1 and target.owner is not None else (
        f" called {len(calls)} times" if len(calls) > 1 else ""
    )
    called = f"`{target.name}`{twice} with {candidate.describe()}"
    judged = _judge_reuse(task, loaded, ledger, called)
    if judged is not None:
        return judged
    if failure is not None:
        raise Rejected(error_text(failure))
    return _unexercised(task, loaded, ledger, called, ran(), calls) or refuted(
        f"{called} ran with every key recorded: the key consumed at line {task['line']} was not consumed before"
    )


def _unexercised(
    task: dict, loaded: LoadedModule, ledger: KeyLedger, called: str, line_ran: bool | None, calls: list = (),
) -> Outcome | None:
    """Why a run that recorded no reuse at the finding does not show it false, or None when the
    run did what the finding says repeats the key: the use at its line (and the earlier use it
    names) consumed keys, twice or more at its line for a key drawn on each repetition (JAX503:
    one run of a `vmap`ped body draws once for every element), for a key the object holds,
    a key that was not one of those the experiment passed in (``calls``), and for a key handed
    back (JAX505), the caller that draws from it ran."""
    file, again, before = _reuse_lines(task, loaded)
    times = ledger.consumed_at(file, again)
    no_reuse = f"{called} ran with every key recorded and no reuse"
    if task["code"] == "JAX505" and not task.get("caller"):
        return inconclusive(
            f"{no_reuse}, but the key handed back is drawn from again by a caller, and no caller that does was run"
        )
    if not times and line_ran is not True:
        return not_reached(
            f"{no_reuse}, but line {task['line']} consumed no key: the reuse is on a path these arguments do not take"
        )
    if task.get("mapped_by"):
        # jax draws once for every element of a `vmap` (one `random_bits` of the batched key):
        # the same numbers in each element are one consumption, which no ledger shows again
        return inconclusive(
            f"{no_reuse}, but the repetition is over the elements `{task['mapped_by']}` maps, which one draw serves "
            "at once: a run records it once whether or not every element draws the same numbers"
        )
    if in_a_branch_of_its_line(task, loaded):
        return not_reached(
            f"{no_reuse}, but the use at line {task['line']}, column {task['column']} is in a branch its line can "
            "skip: these arguments may not take it"
        )
    if task.get("checker_sees_second_use") is False:
        return inconclusive(
            f"{no_reuse}, but the second use, `{task['second_use']}`, is not a jax.random function, and not every "
            "library's use of a key consumes it (flax's `init` derives its keys)"
        )
    if not times:
        return inconclusive(f"{no_reuse}, but line {task['line']} ran without consuming a key itself")
    if (task["code"] == "JAX503" or task.get("held_key")) and times < 2:
        return inconclusive(
            f"{no_reuse}, but line {task['line']} consumed a key once: the repetition that draws from the key again "
            "(a loop iteration, a mapped element, a later call) did not happen in this run"
        )
    if task.get("calls", 1) > 1 and times and ledger.consumed_from(calls, file, again) >= times:
        return inconclusive(
            f"{no_reuse}, but every key consumed at line {task['line']} was one the experiment passed in: the key "
            "the object holds, which the finding says each call draws from again, was not drawn there"
        )
    if before is not None and task["code"] in ("JAX501", "JAX504") and not ledger.consumed_at(file, before):
        return inconclusive(f"{no_reuse}, but the earlier use at line {before.start} consumed no key in this run")
    return None


@contextlib.contextmanager
def recording_keys() -> Iterator[KeyLedger]:
    """Every key consumption recorded, legacy keys too, and the run going on after a reuse."""
    with KeyLedger(outside_installation) as ledger:
        yield ledger


def _reuse_lines(task: dict, loaded: LoadedModule) -> tuple[str, range, range | None]:
    """The finding's file, the lines of the use that consumes the key again, and of the earlier
    use the finding names (None: not known)."""
    file = str(pathlib.Path(task.get("file") or loaded.path).resolve())
    if "second_lines" in task:
        return file, range(*task["second_lines"]), range(*task["first_lines"])
    return file, range(task["line"], task.get("end_line", task["line"]) + 1), None


def _judge_reuse(task: dict, loaded: LoadedModule, ledger: KeyLedger, ran: str) -> Outcome | None:
    """A verdict from the reuses recorded, matched by file and line (the module may have run from
    another copy: the project's own code importing it), or None."""
    file, again, before = _reuse_lines(task, loaded)
    if task["code"] == "JAX505":  # the returned key is consumed again where the caller (in this file) uses it
        reuse = next((r for r in ledger.reuses if r.again.line_in(file) is not None), None)
        return confirmed(f"{ran}: {reuse.describe(file)}") if reuse is not None else None
    reuse = ledger.reuse_at(file, again, before, reseeded=reseeded_counts(task["code"], again, before))
    if reuse is not None:
        return confirmed(f"{ran}: {reuse.describe(file)} (every reuse recorded, the run went on)")
    other = ledger.reuse_at(file, again, reseeded=True)
    if other is not None:
        return inconclusive(
            f"{ran}: {other.describe(file)}, which is not the earlier use the finding names (line {before.start if before else '?'})"
        )
    return None


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


def _left_out(task: dict, loaded: LoadedModule, target: Target, candidate: inputs.Candidate, keys: list[str]) -> Outcome:
    name = task["left_out"]
    signature = inputs.signature_of(target.call)
    parameter = signature.parameters.get(name) if signature else None
    if parameter is None or parameter.default is parameter.empty:
        return inconclusive(f"`{target.name}` has no parameter `{name}` with a default to leave it at")
    left = _with_value(signature, candidate.args, candidate.kwargs, name, parameter.default)
    given = [with_keys(target, candidate, [name], seed=seed, typed=False) for seed in (1, 2)]
    runs = []
    for args, kwargs in (left, left, *given):
        try:
            runs.append(jax.device_get(target.call(*args, **kwargs)))
        except Exception as error:  # noqa: BLE001 - user code
            raise Rejected(error_text(error)) from None
    called = f"`{target.name}` with {candidate.describe()}"
    if not _same(runs[0], runs[1]):
        return refuted(f"{called} returned different outputs for two calls that leave `{name}` out")
    if _same(runs[2], runs[3]):
        return inconclusive(f"{called} returned the same output for two different keys passed as `{name}`: its output does not show the key")
    return confirmed(
        f"{called} returned the same output for two calls that leave `{name}` out, and different outputs for two different keys passed as `{name}`"
    )


def _at_defaults(target: Target, call: tuple[tuple, dict]) -> tuple[tuple, dict]:
    """The call with each parameter of ``target.defaults`` at its default, whatever the candidate
    (a recorded call, a call site) passed there: the path a call that leaves them out takes."""
    signature = inputs.signature_of(target.call)
    args, kwargs = call
    for name in sorted(target.defaults):
        parameter = signature.parameters.get(name) if signature else None
        if parameter is not None and parameter.default is not parameter.empty:
            args, kwargs = _with_value(signature, args, kwargs, name, parameter.default)
    return args, kwargs


def _with_value(signature: Any, args: tuple, kwargs: dict, name: str, value: Any) -> tuple[tuple, dict]:
    """The arguments with ``value`` for parameter ``name`` (in its position when passed there)."""
    names = list(signature.parameters)
    args_list, kwargs = list(args), dict(kwargs)
    if name not in kwargs and names.index(name) < len(args_list):
        args_list[names.index(name)] = value
    else:
        kwargs[name] = value
    return tuple(args_list), kwargs


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
    """Run the module's top-level statements again, up to the finding, with keys recorded."""
    statements = [s for s in loaded.tree.body if s.lineno <= task["line"]]
    namespace: dict = {"__name__": "__jaxcheck_replay__", "__file__": str(loaded.path)}
    ran = "running the module's top level"
    with recording_keys() as ledger:
        try:
            for statement in statements:
                exec(loaded.compile_statement(statement), namespace)  # noqa: S102 - the user's module
        except Exception as error:  # noqa: BLE001 - user code
            return _judge_reuse(task, loaded, ledger, ran) or inconclusive(f"running the module's top level again raised {error_text(error)}")
    judged = _judge_reuse(task, loaded, ledger, ran)
    if judged is not None:
        return judged
    return _unexercised(task, loaded, ledger, ran, None) or refuted(
        "the module's top level ran with every key recorded and no reuse at the finding's line"
    )
