"""Turn a plan's entry (steps from the module) into a callable, in the worker."""

from __future__ import annotations

import functools
import inspect
import itertools
import unittest
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import jax

from .. import names
from . import inputs
from .call_sites import constructor_calls, function_calls
from .loader import LoadedModule, describe_exception, import_root
from .loader import bound_names as loader_bound_names


class Unreachable(Exception):
    """The entry could not be reached; the message says where it stopped."""


@dataclass
class Target:
    """A callable to experiment on and what is known about its parameters."""

    call: Callable
    name: str
    static: frozenset[str]
    annotations: dict[str, str]
    literal_calls: list[dict]
    jitted_here: bool  # the worker applied jax.jit itself
    owner: Any = None  # the instance the function belongs to (bound method, or a closure it stores)
    keys: frozenset[str] = frozenset()  # parameters that take a PRNG key (the analysis' heuristic)
    layers: dict[str, int] | None = None  # parameters iterated as tuples (`for w, b in params`): arity
    described: dict[str, Any] | None = None  # what the finding's description says reached each parameter
    cases: tuple[str, ...] = ()  # a parameterized test's cases: `call(i)` runs the i-th with its parameters
    defaults: frozenset[str] = frozenset()  # parameters left to their defaults: the finding is about that path


def resolve(loaded: LoadedModule, entry: dict, configured: dict[str, list[str]]) -> Target:
    current: Any = loaded.module
    owner: Any = None
    cases: dict[str, Callable] = {}
    described = loaded.module.__name__
    for step in entry["path"]:
        kind = step[0]
        if kind == "attr":
            try:
                current = getattr(current, step[1])
            except AttributeError as error:
                cases = parameterized_cases(current, step[1])
                if not cases:
                    raise Unreachable(_missing_attribute(loaded, described, step[1])) from error
                current = _case_runner(list(cases.values()))
            described = f"{described}.{step[1]}"
        elif kind == "new":
            current = owner = instantiate(current, loaded, configured)
            described = f"a `{getattr(type(current), '__name__', '?')}` instance"
        elif kind == "call":
            current = call_factory(current, loaded, configured, described)
        elif kind == "closure":
            current = stored_closure(current, step[1], step[2])
            described = f"{described}: its `{step[1]}`"
    if not callable(current):
        raise Unreachable(f"`{described}` is not callable")
    jitted_here = bool(entry.get("wrap_jit"))
    if inspect.isgeneratorfunction(unwrap(current)):
        if jitted_here or unwrap(current) is not current:
            raise Unreachable(
                f"`{entry['name']}` is a generator function: a call returns a generator and runs none of its "
                "body, and jit cannot trace one; register an example of the function that iterates it"
            )
        current = _exhausting(current)
    if jitted_here:
        current = jax.jit(current)
    return Target(
        current, entry["name"], frozenset(entry.get("static", ())), entry.get("annotations", {}),
        entry.get("literal_calls", []), jitted_here, owner, frozenset(entry.get("keys", ())), entry.get("layers"),
        entry.get("described"), tuple(cases),
    )


def parameterized_cases(instance: Any, name: str) -> dict[str, Callable]:
    """The cases of a test method that a parameterizing decorator replaced by one method per case,
    each wrapping it with its parameters bound (absl's `@parameterized.parameters([1, 8])` on
    `test_shapes` leaves `test_shapes0` and `test_shapes1`, and no `test_shapes`), by name."""
    found = {}
    for attribute in sorted(dir(instance)):
        if attribute.startswith(name) and attribute != name:
            case = getattr(instance, attribute, None)
            if inspect.ismethod(case) and getattr(getattr(case, "__wrapped__", None), "__name__", None) == name:
                found[attribute] = case
    return found


def _case_runner(cases: list[Callable]) -> Callable:
    """Runs one case by its number; each case takes no argument (its own signature is the
    wrapped method's)."""

    def run_case(case: int) -> Any:
        return cases[case]()

    return run_case


_GENERATOR_ITEMS = 16


def _exhausting(generator_function: Callable) -> Callable:
    """Calls ``generator_function`` and runs its body, as iterating it does (the first items)."""

    @functools.wraps(generator_function)
    def run(*args: Any, **kwargs: Any) -> list:
        return list(itertools.islice(generator_function(*args, **kwargs), _GENERATOR_ITEMS))

    return run


def _missing_attribute(loaded: LoadedModule, owner: str, name: str) -> str:
    failures = "; ".join(f"line {f.start}: {f.summary}" for f in loaded.failures[:2])
    hint = f" (the module failed at {failures})" if failures else ""
    skipped = [f"line {start} ({why})" for start, end, why in loaded.skipped if name in _assigned_by(loaded, start)]
    if skipped:
        hint += f" (set by the module-level statement at {skipped[0]}, which validate does not run)"
    return f"`{owner}` has no attribute `{name}` after import{hint}"


def _assigned_by(loaded: LoadedModule, line: int) -> set[str]:
    statement = loaded.statement_at(line)
    return loader_bound_names(statement) if statement is not None else set()


def configured_for(configured: dict[str, list[str]], loaded: LoadedModule, qualname: str) -> list[str]:
    found = list(configured.get(qualname, ()))
    for key, calls in configured.items():
        path, _, name = key.rpartition("::")
        if path and name == qualname and loaded.path.as_posix().endswith(path.lstrip("./")):
            found.extend(calls)
    return found


def argument_sets(target: Any, loaded: LoadedModule, configured: list[str], **options: Any) -> Iterator[inputs.Candidate | inputs.MissingInput]:
    """Candidates for ``target``; a MissingInput is yielded (not raised) when synthesis fails."""
    generator = inputs.candidates(target, loaded.module.__dict__, configured=configured, **options)
    while True:
        try:
            yield next(generator)
        except StopIteration:
            return
        except inputs.MissingInput as missing:
            yield missing
            return


def instantiate(cls: Any, loaded: LoadedModule, configured: dict[str, list[str]]) -> Any:
    if not isinstance(cls, type):
        raise Unreachable(f"`{cls!r}` is not a class")
    name = cls.__qualname__
    problems = []
    for candidate in _construction_candidates(cls, loaded, configured_for(configured, loaded, name)):
        if isinstance(candidate, inputs.MissingInput):
            problems.append(str(candidate))
            continue
        try:
            instance = cls(*candidate.args, **candidate.kwargs)
        except Exception as error:  # noqa: BLE001 - user code
            problems.append(f"{candidate.describe()} raised {describe_exception(error, 160)}")
            continue
        return _set_up(instance)
    raise Unreachable(
        f"could not create a `{name}` instance: {'; '.join(problems) or 'no arguments'}; register its "
        f"arguments with `@jaxcheck.example(...)` on the class"
    )


def _set_up(instance: Any) -> Any:
    """A test case as its runner prepares it before each test: `setUpClass`, then `setUp`
    (what the test methods read from `self`, `self.key = jax.random.PRNGKey(0)`, is made there)."""
    if not isinstance(instance, unittest.TestCase):
        return instance
    for stage in (type(instance).setUpClass, instance.setUp):
        try:
            stage()
        except Exception as error:  # noqa: BLE001 - user code
            raise Unreachable(
                f"`{type(instance).__qualname__}.{stage.__name__}` raised {describe_exception(error, 160)}"
            ) from error
    return instance


def stored_closure(instance: Any, name: str, line: int) -> Any:
    """The function ``name`` defined in ``__init__`` at ``line``, as the instance stores it."""
    stored = [
        (abs(code.co_firstlineno - line), value)
        for value in (vars(instance).values() if hasattr(instance, "__dict__") else ())
        if (code := getattr(unwrap(value), "__code__", None)) is not None and code.co_name == name
    ]
    if stored:
        return min(stored, key=lambda pair: pair[0])[1]
    raise Unreachable(
        f"`{name}` is defined in `{type(instance).__name__}.__init__`, and no attribute of the instance holds it"
    )


def _construction_candidates(cls: type, loaded: LoadedModule, configured: list[str]) -> Iterator[inputs.Candidate | inputs.MissingInput]:
    """Registered or configured examples first; then how the project itself builds the class
    (literal constructor calls in its tests and scripts); then synthesis and defaults."""
    from .examples import registered_examples

    if not registered_examples(cls) and not configured:
        yield from constructor_calls(cls, import_root(loaded.path))
        signature = inputs.signature_of(cls)
        if signature is not None and all(
            p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in signature.parameters.values()
        ):
            yield inputs.Candidate("its defaults", ())
    yield from argument_sets(cls, loaded, configured, static=_all_params(cls), keys=_key_params(cls))


def call_factory(factory: Any, loaded: LoadedModule, configured: dict[str, list[str]], described: str) -> Any:
    name = getattr(factory, "__qualname__", described)
    problems = []
    for candidate in argument_sets(
        factory, loaded, configured_for(configured, loaded, name), static=_all_params(factory), keys=_key_params(factory),
        project_calls=lambda: function_calls(factory, import_root(loaded.path), loaded.path),
    ):
        if isinstance(candidate, inputs.MissingInput):
            problems.append(str(candidate))
            continue
        try:
            made = factory(*candidate.args, **candidate.kwargs)
        except Exception as error:  # noqa: BLE001 - user code
            problems.append(f"{candidate.describe()} raised {describe_exception(error, 160)}")
            continue
        if callable(made):
            return made
        problems.append(f"{candidate.describe()} returned {type(made).__name__}, not a function")
    raise Unreachable(f"could not get the function from `{name}(...)`: {'; '.join(problems) or 'no arguments'}")


def _key_params(function: Any) -> frozenset[str]:
    """Constructor and factory parameters named as keys are (`key`, `rng`): they get a key, as a
    function's do (an object that stores its key and draws from it is built with one)."""
    signature = inputs.signature_of(function)
    return frozenset(n for n in (signature.parameters if signature else ()) if names.is_key_parameter_name(n))


def _all_params(function: Any) -> frozenset[str]:
    """Constructor and factory parameters are plain Python values: synthesize them as static."""
    signature = inputs.signature_of(function)
    return frozenset(signature.parameters) if signature else frozenset()


def unwrap(function: Any) -> Any:
    """The innermost Python function behind jit wrappers, bound methods and partials."""
    seen = set()
    while id(function) not in seen:
        seen.add(id(function))
        inner = getattr(function, "__wrapped__", None) or getattr(function, "__func__", None)
        if inner is None and hasattr(function, "func") and callable(function.func):
            inner = function.func
        if inner is None:
            break
        function = inner
    return function


def bound_objects(function: Any) -> list[Any]:
    """``self`` objects bound anywhere in the wrapper chain."""
    found, seen = [], set()
    while function is not None and id(function) not in seen:
        seen.add(id(function))
        owner = getattr(function, "__self__", None)
        if owner is not None and not inspect.ismodule(owner):
            found.append(owner)
        function = getattr(function, "__wrapped__", None) or getattr(function, "__func__", None)
    return found
