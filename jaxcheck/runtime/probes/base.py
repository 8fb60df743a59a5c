"""What experiments share: outcomes, trying argument candidates in order, and matching errors."""

from __future__ import annotations

import ast
import contextlib
import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .. import inputs
from ..call_sites import function_calls
from ..loader import LoadedModule, describe_exception, import_root
from ..resolve import Target, argument_sets


@dataclass(frozen=True)
class Outcome:
    status: str  # confirmed | refuted | inconclusive
    evidence: str
    reached: bool = True  # False: the arguments took a path around the flagged line


_activity = "reaching the function"


def doing(text: str) -> None:
    """Say what the experiment is doing now (the evidence of a timeout names it)."""
    global _activity
    _activity = text


def activity() -> str:
    return _activity


class Rejected(Exception):
    """These arguments did not get the function to the hazard (an unrelated error)."""


def confirmed(evidence: str) -> Outcome:
    return Outcome("confirmed", evidence)


def refuted(evidence: str) -> Outcome:
    return Outcome("refuted", evidence)


def inconclusive(evidence: str) -> Outcome:
    return Outcome("inconclusive", evidence)


def not_reached(evidence: str) -> Outcome:
    """Inconclusive because the flagged line did not run with these arguments: the next set may reach it."""
    return Outcome("inconclusive", evidence, reached=False)


def with_arguments(
    target: Target, loaded: LoadedModule, configured: list[str], experiment: Callable[[inputs.Candidate], Outcome],
    provided: frozenset[str] = frozenset(),
) -> Outcome:
    """Run ``experiment`` with each candidate until one is accepted. When the function rejected
    what it was given because JAX found no key where it wanted one (`jr.split(seed)` on a
    `seed` synthesized as an array), each unannotated parameter without a default is tried as a
    key in turn."""
    outcome, problems = _each_candidate(target, loaded, configured, experiment, provided)
    if outcome is not None and outcome.reached:
        return outcome
    if any(INVALID_KEY_DATA in problem for problem in problems):
        for name in _parameters_that_may_be_keys(target):
            retried, _ = _each_candidate(
                dataclasses.replace(target, keys=target.keys | {name}), loaded, configured, experiment, provided,
            )
            if retried is not None:
                retried = dataclasses.replace(retried, evidence=f"{retried.evidence} (`{name}` taken for a key: JAX found invalid key data there)")
                if retried.reached:
                    return retried
                outcome = outcome or retried
    if outcome is not None:
        return outcome
    tried = "; ".join(problems[:3]) or "no candidate arguments"
    failed = loaded.failed_import(tried)
    if failed is not None:
        return inconclusive(
            f"importing the module failed: the statement at line {failed.start} raised {failed.summary}, "
            f"so `{target.name}` could not run ({tried})"
        )
    tried += loaded.skipped_hint(tried)
    return inconclusive(
        f"could not run `{target.name}`: {tried}; if it needs particular arguments, register them "
        f"with `@jaxcheck.example(...)` on `{target.name}` or in `validate-examples`"
    )


# what JAX raises for an array that is not a key where a key is consumed (jax 0.10.2: "TypeError:
# JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape=(3,)")
INVALID_KEY_DATA = "invalid PRNG key data"


def _each_candidate(
    target: Target, loaded: LoadedModule, configured: list[str], experiment: Callable[[inputs.Candidate], Outcome],
    provided: frozenset[str],
) -> tuple[Outcome | None, list[str]]:
    """The first outcome that reached the flagged line, else the first that did not (None when
    no candidate ran), and what went wrong with the others."""
    problems: list[str] = []
    around: Outcome | None = None  # the first outcome whose arguments did not reach the line
    for candidate in argument_sets(
        target.call, loaded, configured, static=target.static, annotations=target.annotations,
        literal_calls=target.literal_calls, provided=provided, owner=target.owner, keys=target.keys,
        layers=target.layers or {}, described=target.described or {}, defaults=target.defaults, cases=target.cases,
        project_calls=lambda: function_calls(target.call, import_root(loaded.path), loaded.path),
    ):
        if isinstance(candidate, inputs.MissingInput):
            problems.append(str(candidate))
            continue
        doing(f"running `{target.name}` with {candidate.describe()}")
        try:
            outcome = _naming_the_source(experiment(candidate), candidate)
        except Rejected as rejected:
            if "RESOURCE_EXHAUSTED" in str(rejected) or str(rejected).startswith("MemoryError"):
                return inconclusive(f"the code ran out of memory with {candidate.describe()}: {rejected}"), problems
            problems.append(f"with {candidate.describe()} it raised {rejected}")
            continue
        if outcome.reached:
            return outcome, problems
        around = around or outcome
    return around, problems


def _parameters_that_may_be_keys(target: Target) -> list[str]:
    import inspect

    signature = inputs.signature_of(target.call)
    if signature is None:
        return []
    return [
        p.name for p in signature.parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.default is inspect.Parameter.empty
        and p.annotation is inspect.Parameter.empty and p.name not in target.keys | target.static
        and p.name not in ("self", "cls")
    ][:4]


def _naming_the_source(outcome: Outcome, candidate: inputs.Candidate) -> Outcome:
    """The outcome, its evidence saying where the arguments came from when it does not already."""
    if outcome.status == "inconclusive" or candidate.source in outcome.evidence:
        return outcome
    return Outcome(outcome.status, f"{outcome.evidence}; arguments: {candidate.describe()}")


def error_text(error: BaseException) -> str:
    return describe_exception(error)


def in_user_code(error: BaseException, path: str) -> int | None:
    """The last line of ``path`` in the traceback of ``error`` (where the user's code failed)."""
    line = None
    tb = error.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == path:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def line_ran(task: dict, loaded: LoadedModule, call: Callable[[], object]) -> str | None:
    """How the finding's line runs in ``call`` (traced afresh: caches cleared): "traced" (at least
    once while JAX traced it), "eager" (only outside any trace, on concrete values), "no"; None
    when lines cannot be watched or the call fails."""
    with watching_the_line(task, loaded, traced=True) as ran:
        try:
            call()
        except Exception:  # noqa: BLE001 - user code; the verdict stands on the first run
            return None
        return ran()


@contextlib.contextmanager
def watching_the_line(
    task: dict, loaded: LoadedModule, traced: bool = False, counts: bool = False,
) -> Iterator[Callable[[], Any]]:
    """Watch the finding's line while the block runs (caches cleared, so a jitted function traces
    afresh); yields ``ran()``: whether it has run so far (None when lines cannot be watched), or
    with ``traced``, how: "traced", "eager" or "no"; with ``counts``, how many times: (staged,
    eager), (None, None) when lines cannot be watched."""
    import jax

    from ..lines import LineWatcher, tracing_check

    watcher = LineWatcher({task.get("file") or str(loaded.path): frozenset({task["line"]})}, staging=tracing_check())
    jax.clear_caches()
    watcher.start()

    def ran() -> Any:
        if counts:
            where = (task.get("file") or str(loaded.path), task["line"])
            return (watcher.staged[where], watcher.eager[where]) if watcher.watching else (None, None)
        if not watcher.watching:
            return None
        if not traced:
            return bool(watcher.eager or watcher.staged)
        return "traced" if watcher.staged else "eager" if watcher.eager else "no"

    try:
        yield ran
    finally:
        watcher.stop()


def in_a_branch_of_its_line(task: dict, loaded: LoadedModule) -> bool:
    """Whether the flagged expression sits where its line can run without evaluating it: a
    branch of a conditional expression (`None if same else normal(key, ...)`), an operand of
    `and`/`or` after the first, the element or condition of a comprehension. A line seen running
    then does not show that the hazard was exercised."""
    if task.get("elsewhere") or not task.get("column"):
        return False
    here = (task["line"], task["column"] - 1)

    def inside(node: ast.AST) -> bool:
        start = (node.lineno, node.col_offset)
        end = (node.end_lineno or node.lineno, node.end_col_offset or 0)
        return start <= here < end

    for node in ast.walk(loaded.tree):
        if isinstance(node, ast.IfExp):
            parts: list[ast.AST] = [node.body, node.orelse]
        elif isinstance(node, ast.BoolOp):
            parts = node.values[1:]
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            parts = [*(getattr(node, f) for f in ("elt", "key", "value") if hasattr(node, f))]
            parts += [condition for generator in node.generators for condition in generator.ifs]
        else:
            continue
        if any(inside(part) for part in parts):
            return True
    return False
