"""JAX1xx: call the jitted function 3 times with different values and count, per call, whether
the side effect happened; then the same without jit as a control. Confirmed when the effect
happened in fewer calls under jit than calls made (and than without jit), or a tracer leaked."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from typing import Any

import jax

from .. import inputs
from ..loader import LoadedModule
from ..resolve import Target, bound_objects
from . import observe
from .base import Outcome, Rejected, confirmed, doing, error_text, inconclusive, refuted, with_arguments

CALLS = 3
_CHANNELS = {
    "JAX101": {"print"}, "JAX102": {"io"}, "JAX103": {"state"}, "JAX104": {"state"},
    "JAX105": {"state"}, "JAX106": {"random"}, "JAX107": {"state"},
}
_ALL = {"print", "io", "state", "random"}
_host_io: observe.HostIO | None = None


@dataclass
class Observation:
    effects: list[set[str]] = field(default_factory=list)  # labels seen, per call
    leak: str | None = None
    error: BaseException | None = None

    @property
    def count(self) -> int:
        return sum(1 for labels in self.effects if labels)

    @property
    def labels(self) -> list[str]:
        return sorted(set().union(*self.effects)) if self.effects else []


def run(task: dict, loaded: LoadedModule, target: Target, configured: list[str]) -> Outcome:
    channels = _CHANNELS.get(task["code"], _ALL)

    def experiment(candidate: inputs.Candidate) -> Outcome:
        staged = observe_calls(task, target, loaded, candidate, channels, eager=False)
        if staged.error is not None and not staged.effects:
            raise Rejected(error_text(staged.error))
        if staged.leak:
            return confirmed(f"a tracer leaked out of `{target.name}`: {staged.leak}")
        doing(f"running `{target.name}` without jit (the control) with {candidate.describe()}")
        control = observe_calls(task, target, loaded, candidate, channels, eager=True)
        return judge(staged, control if control.error is None else None, target.name, _staged(target))

    return with_arguments(target, loaded, configured, experiment)


def _staged(target: Target) -> bool:
    """Whether calling ``target`` runs its function under a staging transformation: the worker
    jitted it, or it is a jitted callable itself (`step = jax.jit(f)`, a `pmap`)."""
    return target.jitted_here or getattr(target.call, "lower", None) is not None


def judge(staged: Observation, control: Observation | None, name: str, under_jit_call: bool = True) -> Outcome:
    what = ", ".join(staged.labels or (control.labels if control else [])) or "no observable effect"
    made = len(staged.effects)
    under_jit = f"effect seen in {staged.count} of {made} calls of `{name}` under jit"
    if control is not None:
        under_jit += f", {control.count} of {len(control.effects)} without jit"
    under_jit += f" ({what})"
    if control is not None and staged.count == 0 and control.count == 0:
        return inconclusive(
            f"{under_jit}: the effect was not seen in any call, with or without jit, so these arguments "
            "did not reach it"
        )
    if staged.count < made and (control is None or control.count > staged.count):
        if staged.count == 0 and control is None:
            return inconclusive(f"{under_jit}; the effect could not be observed at all")
        if staged.count == 0:
            under_jit += "; it had been traced before the experiment, so under jit it never ran"
        return confirmed(under_jit)
    if staged.count == made and not under_jit_call:
        # its trace starts elsewhere (`jax.jit(model)` in another module calling this method):
        # called as the module holds it, nothing staged it, and an effect on every call says nothing
        return inconclusive(
            f"{under_jit.replace(' under jit', '')}: the transformation that traces it is applied elsewhere, "
            "so this call ran it unstaged"
        )
    if staged.count == made and made < 2:
        # a trace-time effect runs on the first call too: one call cannot tell the two apart
        return inconclusive(f"{under_jit}: one call cannot show whether the effect runs on later calls")
    if staged.count == made:
        return refuted(f"{under_jit}: the effect ran on every call")
    return inconclusive(
        f"{under_jit}: without jit it happened in as few calls, so the experiment cannot tell what jit changes"
    )


def _modules_along_the_trace(task: dict) -> list[dict]:
    """The namespaces of the other modules a trace from the target goes through (a helper's
    `print` resolves in its own module)."""
    return [vars(sys.modules[name]) for name in task.get("effect_modules", ()) if name in sys.modules]


def observe_calls(
    task: dict, target: Target, loaded: LoadedModule, candidate: inputs.Candidate, channels: set[str], *, eager: bool
) -> Observation:
    global _host_io
    if _host_io is None:
        _host_io = observe.HostIO()
    namespace = loaded.module.__dict__
    patches = observe.Patches(namespace)
    observation = Observation()
    first = candidate.variant(0)
    roots = observe.watched_state(namespace, target.call, [*first.args, *first.kwargs.values()])
    roots.update(observe.bound_roots(bound_objects(target.call)))
    if "print" in channels:
        observe.patch_print(patches, _host_io.text, _modules_along_the_trace(task))
    if "random" in channels:
        observe.patch_clocks_and_randomness(patches)
    _host_io.start()
    try:
        def everything() -> dict[str, Any]:
            return {**roots, **{k: v for k, v in namespace.items() if k not in roots}}

        for number in range(CALLS):
            arguments = candidate.variant(number)
            before = _state(roots, namespace, channels, patches)
            tracers_before = observe.find_tracers(everything()) if not eager else {}
            try:
                _call(target.call, arguments, eager)
            except Exception as error:  # noqa: BLE001 - user code
                if "Leaked trace" in str(error) or isinstance(error, jax.errors.UnexpectedTracerError):
                    observation.leak = _leak_text(error)
                    return observation
                observation.error = error
                return observation
            after = _state(roots, namespace, channels, patches)
            observation.effects.append(_changes(before, after))
            if not eager:
                tracers_after = observe.find_tracers(everything())
                leaked = [n for n, ids in tracers_after.items() if ids - tracers_before.get(n, frozenset())]
                if leaked:
                    observation.leak = f"a tracer was stored in {', '.join(f'`{n}`' for n in leaked)}"
                    return observation
    finally:
        _host_io.stop()
        patches.restore()
    return observation


def _call(function: Any, arguments: inputs.Candidate, eager: bool) -> None:
    if eager:
        with jax.disable_jit():
            result = function(*arguments.args, **arguments.kwargs)
    else:
        with jax.checking_leaks():
            result = function(*arguments.args, **arguments.kwargs)
    jax.block_until_ready(result)


def _state(roots: dict, namespace: dict, channels: set[str], patches: observe.Patches) -> dict[str, Any]:
    state: dict[str, Any] = {}
    if "print" in channels:
        state["`print`"] = patches.counts["print"]
    if "io" in channels:
        state.update({f"`{k}`" if k.startswith("open") else k: v for k, v in _host_io.events.items()})
        state["`print`"] = patches.counts["print"]
    if "random" in channels:
        state.update({f"`{k}`": v for k, v in patches.counts.items() if k != "print"})
        state.update({f"the `{k}` state": v for k, v in observe.rng_states().items()})
    if "state" in channels:
        for name, value in roots.items():
            state[f"`{name}`"] = observe.fingerprint(value)
        state["module globals"] = frozenset(k for k in namespace if not k.startswith("__"))
    return state


def _changes(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    return {key for key in set(before) | set(after) if before.get(key) != after.get(key)}


def _leak_text(error: BaseException) -> str:
    """Where the tracer went, from `jax.checking_leaks`' report (`... is referred to by m.history`)."""
    holders = re.findall(r"is referred to by ([\w.]+)\s*$", str(error), re.MULTILINE)
    if holders:
        return f"it was stored in `{holders[-1]}` (jax.checking_leaks)"
    return error_text(error)
