"""How the value an expression builds is hashed at a static position of jit (measured on jax
0.10.2, `static_argnums=0`, the value built anew on each of 3-4 calls): a `functools.partial`
or `jax.tree_util.Partial` (equal hashes, `==` by identity) compiles on every call; so does a
new instance of a plain class, wherever the class is defined; a frozen dataclass or a
`NamedTuple` compiles once."""

from __future__ import annotations

import pathlib
import textwrap

import libcst as cst
import pytest

from jaxcheck.analysis import ModuleFacts
from jaxcheck.analysis.host.hashing import filter_jit_keying, hashing_of, treedef_function
from jaxcheck.analysis.syntax.project import ProjectIndex, ProjectView, parse_shared
from jaxcheck.api import read_source_file


def hashing_of_argument(root: pathlib.Path, files: dict[str, str]):
    """How the static argument `value` of the call `use(value, ...)` in `main.py` is hashed."""
    for name, text in files.items():
        (root / name).write_text(textwrap.dedent(text))
    paths = [str(root / name) for name in files]
    project = ProjectIndex.of_paths(paths, read_source_file)
    main = str(root / "main.py")
    source = (root / "main.py").read_text()
    facts = ModuleFacts(parse_shared(main, source), (), ProjectView(project, main), source)
    for site in facts.sites(cst.Call):
        call = site.node
        if isinstance(call.func, cst.Name) and call.func.value == "use":
            found = facts.resolver.lookup("value", site.scope)
            return hashing_of(facts, found[1][0].node, site.scope)
    raise AssertionError("no call of `use`")


USE = """
    import functools
    import jax
    import jax.tree_util as jtu
    {imports}

    @functools.partial(jax.jit, static_argnums=0)
    def use(config, x):
        return x

    def run(x, f):
        value = {value}
        return use(value, x)
"""


@pytest.mark.parametrize(
    "value, described",
    [
        ("functools.partial(f, lr=0.5)", "a new `functools.partial`"),
        ("jtu.Partial(jtu.Partial(f, lr=0.5))", "a new `jax.tree_util.Partial`"),
        ("lambda y: y", "a new lambda"),
    ],
)
def test_callable_wrappers_hash_by_identity(tmp_path, value, described):
    hashing = hashing_of_argument(tmp_path, {"main.py": USE.format(imports="", value=value)})
    assert hashing is not None and hashing.kind == "identity" and hashing.description == described


CLASSES = """
    import dataclasses
    import typing

    class Leapfrog:
        def __init__(self, dt):
            self.dt = dt

    class Keyed:
        def __init__(self, dt):
            self.dt = dt

        def __eq__(self, other):
            return self.dt == other.dt

        def __hash__(self):
            return hash(self.dt)

    @dataclasses.dataclass(frozen=True)
    class Frozen:
        dt: float

    class Fields(typing.NamedTuple):
        dt: float
"""


@pytest.mark.parametrize(
    "cls, kind",
    [("Leapfrog", "identity"), ("Keyed", None), ("Frozen", None), ("Fields", None)],
)
def test_instances_of_a_class_of_another_module(tmp_path, cls, kind):
    main = USE.format(imports=f"from integrators import {cls}", value=f"{cls}(0.1)")
    hashing = hashing_of_argument(tmp_path, {"main.py": main, "integrators.py": CLASSES})
    assert (hashing.kind if hashing is not None else None) == kind
    if kind is not None:
        assert hashing.description == f"a new `{cls}`"


FILTERED = """
    import equinox as eqx
    import jax.numpy as jnp

    solve = eqx.filter_jit(lambda y0, options: y0)
    solve(jnp.ones(3), {value})
"""


@pytest.mark.parametrize(
    "value, keying",
    [
        ("0.1 * 0.9 ** 2", "value"),  # a Python number: keyed by value
        ("lambda y: y", "value"),  # a new function: keyed by identity
        ('{"atol": 1e-3, "rtol": 1e-3}', "leaves"),  # Python numbers among the leaves
        ('(jnp.ones(3), [1e-3])', "leaves"),
        ('{"atol": jnp.asarray(1e-3)}', None),  # arrays are traced
    ],
)
def test_what_filter_jit_keys_on(tmp_path, value, keying):
    # Measured on jax 0.10.2 with equinox: `{"atol": tol}` for three `tol` compiles three
    # times, `{"atol": jnp.asarray(tol)}` once.
    facts, call = call_in_module(tmp_path, FILTERED.format(value=value), "solve")
    assert filter_jit_keying(facts, call.node.args[1].value, call.scope) == keying


def call_in_module(root: pathlib.Path, text: str, callee: str):
    """The facts of the one-module program ``text``, and its first call of ``callee``."""
    main = root / "main.py"
    main.write_text(textwrap.dedent(text))
    source = main.read_text()
    project = ProjectView(ProjectIndex.of_paths([str(main)], read_source_file), str(main))
    facts = ModuleFacts(parse_shared(str(main), source), (), project, source)
    return facts, next(s for s in facts.sites(cst.Call) if isinstance(s.node.func, cst.Name) and s.node.func.value == callee)


PYTREE_FUNCTIONS = """
    import jax
    import jax.numpy as jnp
    from jax.tree_util import Partial

    apply = jax.jit(lambda fn, c: fn(c))

    def run(f, x, c):
        {binding}
        return apply(value, c)
"""


@pytest.mark.parametrize(
    "binding, described",
    [
        ("_, value = jax.vjp(f, x)", "a new `jax.vjp` pullback"),
        ("out, value, aux = jax.vjp(f, x, has_aux=True)", "a new `jax.vjp` pullback"),
        ("_, value = jax.linearize(f, x)", "a new `jax.linearize` function"),
        ("value = Partial(lambda y: y * x)", "a new `jax.tree_util.Partial` of a lambda"),
        ("value, _ = jax.vjp(f, x)", None),  # the primal output: arrays
        ("value = Partial(jnp.multiply, x)", None),  # a module function: its arguments are leaves
    ],
)
def test_callable_pytrees_keyed_by_their_function(tmp_path, binding, described):
    # Measured on jax 0.10.2 (tests/evidence/test_recompilation.py): a pullback or a `Partial`
    # of a lambda made per iteration compiles the jitted function each time; a `Partial` of a
    # module function once.
    facts, call = call_in_module(tmp_path, PYTREE_FUNCTIONS.format(binding=binding), "apply")
    keyed = treedef_function(facts, call.node.args[0].value, call.scope)
    if described is None:
        assert keyed is None
    else:
        assert keyed is not None and keyed[0].kind == "identity" and keyed[0].description.startswith(described)
