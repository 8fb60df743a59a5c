"""JAX2xx: call the function under jit; confirmed when JAX refuses to concretize a traced value."""

from __future__ import annotations

import jax

from .. import inputs
from ..loader import LoadedModule
from ..resolve import Target
from .base import Outcome, Rejected, confirmed, error_text, in_user_code, inconclusive, line_ran, not_reached, refuted, with_arguments

_CONCRETIZATION_ERRORS = (
    jax.errors.TracerBoolConversionError,
    jax.errors.ConcretizationTypeError,
    jax.errors.TracerIntegerConversionError,
    jax.errors.TracerArrayConversionError,
)
_CONCRETIZATION_MESSAGES = (
    "Shapes must be 1D sequences of concrete values",
    "Slice entries must be static",
    "Array slice indices must have static",
    "Abstract tracer value encountered where concrete value is expected",
)


def is_concretization_error(error: BaseException) -> bool:
    if isinstance(error, _CONCRETIZATION_ERRORS):
        return True
    return isinstance(error, (TypeError, IndexError, ValueError)) and any(
        text in str(error) for text in _CONCRETIZATION_MESSAGES
    )


def run(task: dict, loaded: LoadedModule, target: Target, configured: list[str]) -> Outcome:
    def experiment(candidate: inputs.Candidate) -> Outcome:
        outcome = attempt(candidate)
        defaults = _numbers_left_to_defaults(target, candidate)
        if outcome.status == "refuted" and defaults:
            # jit traces only what is passed: a parameter left to its default stays a Python
            # number, and the branch on it never meets a tracer. Passed, it is traced.
            return attempt(inputs.Candidate(candidate.source, candidate.args, {**candidate.kwargs, **defaults}))
        return outcome

    def attempt(candidate: inputs.Candidate) -> Outcome:
        try:
            result = target.call(*candidate.args, **candidate.kwargs)
            jax.block_until_ready(result)
        except Exception as error:  # noqa: BLE001 - user code
            if is_concretization_error(error):
                line = in_user_code(error, task.get("file") or str(loaded.path))
                first, last = task["lines"]
                if line is not None and not first <= line <= last:
                    return inconclusive(
                        f"calling `{target.name}` under jit stopped earlier, at line {line}, with "
                        f"{error_text(error)}; line {task['line']} was not reached"
                    )
                where = f" (line {line})" if line else ""
                return confirmed(f"calling `{target.name}` with {candidate.describe()} raised {error_text(error)}{where}")
            raise Rejected(error_text(error)) from None
        ran = line_ran(task, loaded, lambda: jax.block_until_ready(target.call(*candidate.args, **candidate.kwargs)))
        if ran == "no":
            return not_reached(
                f"`{target.name}` ran with {candidate.describe()} without a concretization error, but line "
                f"{task['line']} did not run: these arguments take another path"
            )
        if ran == "eager":
            return inconclusive(
                f"`{target.name}` ran with {candidate.describe()} without a concretization error, but line "
                f"{task['line']} ran only outside JAX traces, on concrete values: nothing there was traced to concretize"
            )
        return refuted(
            f"`{target.name}` ran with {candidate.describe()} without a concretization "
            f"error and returned {inputs._short(result)}"
        )

    return with_arguments(target, loaded, configured, experiment)


def _numbers_left_to_defaults(target: Target, candidate: inputs.Candidate) -> dict:
    """Traced parameters the candidate leaves to a default that is a number (`temperature=0.0`)."""
    signature = inputs.signature_of(target.call)
    if signature is None:
        return {}
    params = list(signature.parameters.values())
    given = {p.name for p in params[: len(candidate.args)]} | set(candidate.kwargs)
    return {
        p.name: p.default for p in params
        if p.name not in given and p.name not in target.static and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        and type(p.default) in (int, float, complex)
    }
