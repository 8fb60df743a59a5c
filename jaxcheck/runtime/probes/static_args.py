"""JAX3xx: call with the flagged value (the call site's own expression when it can be evaluated,
else a synthesized one); confirmed when JAX raises `Non-hashable static arguments`, or when
`jax.jit` rejects bad static/donate argnums or argnames (it does so where it is applied)."""

from __future__ import annotations

import ast
import inspect
import re
from typing import Any

import jax

from .. import inputs
from ..loader import LoadedModule
from ..resolve import Target, Unreachable, instantiate, resolve
from .tracing import is_concretization_error
from .base import Outcome, Rejected, confirmed, doing, error_text, in_user_code, inconclusive, refuted, with_arguments

# What jit raises, on the first line of its message, for bad static/donate options, and what
# checkpoint raises at a call that passes fewer positional arguments than its `static_argnums`.
_OPTION_ERRORS = re.compile(
    r"^(Jitted function has (static|donate)_arg|Jitted function has invalid argnames|"
    r"static_argnames and donate_argnames cannot intersect|static_argnums and donate_argnums cannot intersect|"
    r"the `static_argnums` argument to `jax\.checkpoint`)"
)


# What jit raises when it compares the static part of a pytree with the one it compiled for and
# the comparison fails (an array in a `register_dataclass` meta field or an equinox static field:
# `==` gives an array, whose truth is ambiguous). Measured on jax 0.10.2 by
# bench/static_field_array_probe.py: the first call runs, a second with an equal-but-new instance
# raises "ValueError: Exception raised while checking equality of metadata fields of pytree. ...".
_STATIC_PART_EQUALITY = "Exception raised while checking equality of metadata fields"


def is_static_error(error: BaseException) -> bool:
    message = str(error).strip()
    if isinstance(error, ValueError) and message.startswith(("Non-hashable static arguments", _STATIC_PART_EQUALITY)):
        return True
    return isinstance(error, ValueError) and bool(_OPTION_ERRORS.match(message))


def from_import(task: dict, loaded: LoadedModule) -> Outcome | None:
    failure = loaded.failure_at(task["line"])
    if failure is not None and is_static_error(failure.error):
        return confirmed(f"running the module raised {failure.summary} (the statement at line {failure.start})")
    return None


def run(task: dict, loaded: LoadedModule, target: Target | None, configured: list[str], context: Any) -> Outcome:
    mode = task.get("mode")
    from_callers = task.get("options_from_callers") or []
    unexercised = (
        f"{' and '.join(f'`{o}`' for o in from_callers)} read{'s' * (len(from_callers) == 1)} a parameter of the function "
        "that applies jit: the options the finding names are what a caller passes, and this run did not pass them"
    ) if from_callers else None
    if mode == "apply" and task.get("container"):
        try:
            container = resolve(loaded, task["container"], context.configured)
        except Unreachable as error:
            return inconclusive(str(error))
        experiment = _calling(container, "calling", unexercised=unexercised)
        return with_arguments(container, loaded, context.for_target(container), experiment)
    if target is None and task["code"] == "JAX301":
        field = _static_field(task, loaded, context)
        if field is not None:
            return field
    if target is None:
        return inconclusive(task.get("reason") or "the jitted function could not be found")
    if mode == "param":
        return _flagged_parameter(task, loaded, target, configured)
    if mode == "call":
        outcome = _flagged_call(task, loaded, target, configured)
        if outcome.status != "confirmed" and task.get("caller"):
            return _through_the_caller(task, loaded, context) or outcome
        return outcome
    return with_arguments(target, loaded, configured, _calling(target, "calling", unexercised=unexercised))


def _calling(target: Target, verb: str, override: Any = None, traced_param: str | None = None, unexercised: str | None = None):
    """The experiment: call ``target``; confirmed on a static-argument error. A call that runs
    refutes the finding unless ``unexercised`` says why it did not pass what the finding names."""

    def experiment(candidate: inputs.Candidate) -> Outcome:
        args, kwargs = override(candidate) if override else (candidate.args, candidate.kwargs)
        shown = ", ".join([inputs._short(a) for a in args] + [f"{k}={inputs._short(v)}" for k, v in kwargs.items()])
        try:
            result = target.call(*args, **kwargs)
            jax.block_until_ready(result)
        except Exception as error:  # noqa: BLE001 - user code
            if is_static_error(error) or (traced_param and is_concretization_error(error)):
                return confirmed(f"{verb} `{target.name}({shown})` raised {error_text(error)}")
            raise Rejected(error_text(error)) from None
        if traced_param is not None:
            return _traced_or_static(target, traced_param, args, kwargs, shown)
        if unexercised is not None:
            return inconclusive(f"{verb} `{target.name}({shown})` ran without error, but {unexercised}")
        return refuted(f"{verb} `{target.name}({shown})` ran without error: JAX accepted the static arguments")

    return experiment


def _flagged_parameter(task: dict, loaded: LoadedModule, target: Target, configured: list[str]) -> Outcome:
    name = task["param"]
    signature = inputs.signature_of(target.call)
    if signature is None or name not in signature.parameters:
        return inconclusive(f"`{target.name}` has no parameter `{name}` at run time")
    param = signature.parameters[name]
    if task.get("default") is not None:
        try:
            value = eval(task["default"], loaded.module.__dict__)  # noqa: S307 - the user's own default
        except Exception as error:  # noqa: BLE001
            return inconclusive(f"the default of `{name}` could not be evaluated: {error_text(error)}")
    else:
        maker = inputs._Maker(loaded.module.__dict__, 0, (3,))
        try:
            value = maker.value(param.replace(default=inspect.Parameter.empty), target.annotations.get(name), True)
        except inputs.MissingInput as missing:
            return inconclusive(f"{missing}; register a value with `@jaxcheck.example(...)`")

    def with_value(candidate: inputs.Candidate) -> tuple[tuple, dict]:
        bound = signature.bind_partial(*candidate.args, **candidate.kwargs)
        bound.arguments[name] = value
        if task["code"] != "JAX306":
            return bound.args, bound.kwargs
        # JAX306: the marked parameter (and what follows it) goes by keyword, as users call it.
        names = list(signature.parameters)
        args = tuple(v for k, v in bound.arguments.items() if names.index(k) < names.index(name))
        kwargs = {k: v for k, v in bound.arguments.items() if names.index(k) >= names.index(name)}
        return args, kwargs

    experiment = _calling(target, "calling", with_value, traced_param=name if task["code"] == "JAX306" else None)
    return with_arguments(target, loaded, configured, experiment)


def _traced_or_static(target: Target, name: str, args: tuple, kwargs: dict, shown: str) -> Outcome:
    """Whether jit traced ``name`` (passed by keyword): traced keywords appear in `args_info`."""
    try:
        traced_keywords = target.call.trace(*args, **kwargs).args_info[1]
    except Exception as error:  # noqa: BLE001
        return inconclusive(f"`{target.name}({shown})` ran, but tracing it again failed: {error_text(error)}")
    if name in traced_keywords:
        aval = getattr(traced_keywords[name], "_aval", None)
        return confirmed(
            f"calling `{target.name}({shown})` ran, but JAX traced `{name}` as {aval} instead of "
            f"treating it as static: it is not in `static_argnums`/`static_argnames`"
        )
    return refuted(f"calling `{target.name}({shown})`: JAX treated `{name}` as static")


def _flagged_call(task: dict, loaded: LoadedModule, target: Target, configured: list[str]) -> Outcome:
    call = task["call"]
    namespace = loaded.module.__dict__
    evaluated: dict[Any, Any] = {}
    for index, source in enumerate(call["args"]):
        evaluated[index] = _evaluate(source, namespace)
    for keyword, source in call["kwargs"].items():
        evaluated[keyword] = _evaluate(source, namespace)

    def with_call_site(candidate: inputs.Candidate) -> tuple[tuple, dict]:
        args = list(candidate.args)
        kwargs = dict(candidate.kwargs)
        for key, value in evaluated.items():
            if value is _UNKNOWN:
                continue
            if isinstance(key, int):
                while len(args) <= key:
                    args.append(None)
                args[key] = value
            else:
                _to_keywords(target, args, kwargs, key)
                kwargs[key] = value
        return tuple(args), kwargs

    signature = inputs.signature_of(target.call)
    positional = [p.name for p in signature.parameters.values()] if signature else []
    provided = frozenset(
        [positional[k] for k, v in evaluated.items() if isinstance(k, int) and k < len(positional) and v is not _UNKNOWN]
        + [k for k, v in evaluated.items() if isinstance(k, str) and v is not _UNKNOWN]
    )
    flagged = call.get("flagged")
    if flagged is None:
        synthesized = [str(k) for k, v in evaluated.items() if v is _UNKNOWN]
    else:
        synthesized = [str(flagged)] if evaluated.get(flagged, _UNKNOWN) is _UNKNOWN else []
    unexercised = None
    if synthesized:
        source = call["kwargs"].get(flagged) if isinstance(flagged, str) else (
            call["args"][flagged] if isinstance(flagged, int) and flagged < len(call["args"]) else None
        )
        unexercised = (
            f"the flagged argument `{source}` cannot be evaluated outside the call (a local value), so a synthesized "
            "value stood in for it" if source is not None else
            "some of the call's arguments cannot be evaluated outside it, so synthesized values stood in for them"
        )
    experiment = _calling(target, f"the call at line {call['line']}:", with_call_site, unexercised=unexercised)
    return with_arguments(target, loaded, configured, experiment, provided)


def _through_the_caller(task: dict, loaded: LoadedModule, context: Any) -> Outcome | None:
    """Run the function that makes the flagged call, untraced, so the call gets the values that
    function computes (`v = np.array([1, 2, 3]); f(x, v)`): confirmed when a static-argument
    error is raised at the call's lines; None when that does not happen."""
    try:
        caller = resolve(loaded, task["caller"], context.configured)
    except Unreachable:
        return None
    first, last = task["call_lines"]
    path = task.get("file") or str(loaded.path)

    def experiment(candidate: inputs.Candidate) -> Outcome:
        try:
            jax.block_until_ready(caller.call(*candidate.args, **candidate.kwargs))
        except Exception as error:  # noqa: BLE001 - user code
            line = in_user_code(error, path)
            if is_static_error(error) and line is not None and first <= line <= last:
                return confirmed(f"calling `{caller.name}` with {candidate.describe()}: the call at line {line} raised {error_text(error)}")
            raise Rejected(error_text(error)) from None
        return inconclusive(f"`{caller.name}` ran with {candidate.describe()} and the call at line {first} raised nothing")

    outcome = with_arguments(caller, loaded, context.for_target(caller), experiment)
    return outcome if outcome.status == "confirmed" else None


_UNKNOWN = object()


def _evaluate(source: str, namespace: dict) -> Any:
    try:
        return eval(source, dict(namespace))  # noqa: S307 - the user's own call-site expression
    except Exception:  # noqa: BLE001 - a local name or anything else: synthesize instead
        return _UNKNOWN


def _to_keywords(target: Target, args: list, kwargs: dict, keyword: str) -> None:
    """Pass ``keyword`` and every positional argument after it by name."""
    signature = inputs.signature_of(target.call)
    if signature is None:
        return
    names = [p.name for p in signature.parameters.values() if p.kind == p.POSITIONAL_OR_KEYWORD]
    if keyword in names:
        start = names.index(keyword)
        for index in range(len(args) - 1, start - 1, -1):
            if index < len(names):
                kwargs.setdefault(names[index], args[index])
            del args[index]


def _static_field(task: dict, loaded: LoadedModule, context: Any) -> Outcome | None:
    """A JAX301 on a field of a class (a pytree's static field holding an array): jit keeps a
    pytree's static part in the key of what it compiled and compares it with the next call's.
    Two instances, made as the project makes them, are passed to one jitted function; confirmed
    when the second call raises jit's static-part error. None when the line is no class field."""
    found = _class_field_at(loaded, task["line"])
    if found is None:
        return None
    qualname, field = found
    owner: Any = loaded.module
    for part in qualname.split("."):
        owner = getattr(owner, part, None)
    if not isinstance(owner, type):
        return inconclusive(f"`{qualname}` is not a class after import")
    try:
        instances = [instantiate(owner, loaded, context.configured) for _ in range(2)]
    except Unreachable as error:
        return inconclusive(str(error))
    kind = type(getattr(instances[0], field, None)).__name__
    held = f"{'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind}"
    jitted = jax.jit(lambda tree: 0)
    for number, instance in enumerate(instances, 1):
        doing(f"passing `{qualname}` instance {number} of 2 to a jitted function")
        try:
            jax.block_until_ready(jitted(instance))
        except Exception as error:  # noqa: BLE001 - user code (its pytree registration)
            what = f"two `{qualname}` instances (its field `{field}` holding {held}) passed to one jitted function"
            if is_static_error(error):
                ran = "the first ran and the second" if number == 2 else "the first"
                return confirmed(f"{what}: {ran} raised {error_text(error)}")
            return inconclusive(f"{what}: instance {number} raised {error_text(error)}")
    return inconclusive(
        f"two `{qualname}` instances (its field `{field}` holding {held}) passed to one jitted function ran: "
        "JAX compared their static parts, which these values do not show unequal or unhashable"
    )


def _class_field_at(loaded: LoadedModule, line: int) -> tuple[str, str] | None:
    """(the class's qualified name, the field's name) for an annotated field at ``line`` in a
    class body, nested classes included."""

    def search(body: list[ast.stmt], prefix: str) -> tuple[str, str] | None:
        for statement in body:
            if not isinstance(statement, ast.ClassDef) or not statement.lineno <= line <= (statement.end_lineno or line):
                continue
            qualname = f"{prefix}{statement.name}"
            for item in statement.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name) and item.lineno <= line <= (item.end_lineno or line):
                    return qualname, item.target.id
            return search(statement.body, f"{qualname}.")
        return None

    return search(loaded.tree.body, "")
