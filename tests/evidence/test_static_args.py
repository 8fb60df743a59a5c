"""JAX3xx: each bad example fails on jax (CPU) with the error its rule names; each good one runs.

Also runs the VALID/INVALID examples of JAX302-305 under jax: the invalid ones raise
`ValueError` (JAX303-305 when `jax.jit(...)` runs, JAX302 at the call), the valid ones do not.
"""

from __future__ import annotations

import sys
import types

import pytest

from jaxcheck.rules import rule_by_code_or_name

from .conftest import load_example

jnp = pytest.importorskip("jax.numpy")

_UNHASHABLE = "Non-hashable static arguments are not supported"


def test_jax301_unhashable_static_parameter():
    bad = load_example("static_args/jax301_unhashable_static_parameter_bad.py")
    with pytest.raises(ValueError, match=_UNHASHABLE):
        bad.run()
    # A `list` default is only a problem once a caller passes a list (measured, documented).
    good = load_example("static_args/jax301_unhashable_static_parameter_good.py")
    assert good.run().shape == (3,)


@pytest.mark.parametrize("run", ["run_list", "run_array", "run_dataclass"])
def test_jax302_unhashable_static_argument(run):
    bad = load_example("static_args/jax302_unhashable_static_argument_bad.py")
    with pytest.raises(ValueError, match=_UNHASHABLE):
        getattr(bad, run)()
    good = load_example("static_args/jax302_unhashable_static_argument_good.py")
    assert getattr(good, run)().shape == (3,)


def test_jax302_more_unhashable_values():
    import jax
    import numpy as np

    fast = jax.jit(lambda x, s: x, static_argnums=1)
    for value in ({1: 2}, {1, 2}, (1, [2]), bytearray(b"a"), jnp.arange(2), np.zeros(2)):
        with pytest.raises(ValueError, match=_UNHASHABLE):
            fast(1.0, value)
    for value in ((1, 2), frozenset({1}), "name", None):
        fast(1.0, value)
    by_name = jax.jit(lambda x, s: x, static_argnames="s")
    with pytest.raises(ValueError, match=_UNHASHABLE):
        by_name(1.0, [1])  # a static name passed by position is static too
    last = jax.jit(lambda x, s: x, static_argnums=-1)
    with pytest.raises(ValueError, match=_UNHASHABLE):
        last(1.0, [1])
    last(1.0, s=[1])  # negative numbers are not mapped to names: passed by keyword, traced


@pytest.mark.parametrize(
    ("example", "message"),
    [
        ("jax303_static_argnums_out_of_range", r"has static_argnums=\(2,\), but only accepts 2 positional"),
        ("jax304_unknown_static_argname", r"invalid argnames \{'num_layer'\} in static_argnames"),
        ("jax305_static_donate_overlap", "static_argnames and donate_argnames cannot intersect"),
    ],
)
def test_declaration_errors_are_raised_at_import(example, message):
    with pytest.raises(ValueError, match=message):
        load_example(f"static_args/{example}_bad.py")
    good = load_example(f"static_args/{example}_good.py")
    assert good is not None


def _runnable(code: str) -> bool:
    return "numba" not in code  # numba is not a dependency


def _execute(code: str, label: str) -> None:
    """Run an example as a module of its own (dataclasses look their module up)."""
    module = types.ModuleType(f"static_args_example_{label}")
    sys.modules[module.__name__] = module
    try:
        exec(compile(code, label, "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]


# What jax raises for a value it cannot hash: jit's static arguments, ValueError ("Non-hashable
# static arguments"); the function a transformation hashes (`lax.scan` of an equinox module holding
# an array), the TypeError of `hash()` itself (measured on jax 0.10.2: bench/measure_static_values.py).
_CANNOT_HASH = (ValueError, TypeError)


@pytest.mark.parametrize("code", ["JAX302", "JAX303", "JAX304", "JAX305"])
def test_rule_examples_agree_with_jax(code):
    rule = rule_by_code_or_name(code)
    for index, example in enumerate(rule.INVALID):
        if _runnable(example.code):
            with pytest.raises(_CANNOT_HASH if code == "JAX302" else ValueError):
                _execute(example.code, f"{code}_invalid_{index}")
    for index, example in enumerate(rule.VALID):
        if _runnable(example.code):
            _execute(example.code, f"{code}_valid_{index}")


def test_jax306_annotation_alone_does_not_make_a_parameter_static():
    """Measured with a plain `Annotated` marker: JAX ignores annotations and traces `n`."""
    import typing

    import jax

    @jax.jit
    def pad(x, n: typing.Annotated[int, "static"]):
        return jnp.concatenate([x, jnp.zeros(n)])

    with pytest.raises(TypeError, match="Shapes must be 1D sequences of concrete values"):
        pad(jnp.ones(3), 2)

    @jax.jit
    def branch(x, n: typing.Annotated[int, "static"]):
        return x * n if n > 0 else x

    with pytest.raises(jax.errors.TracerBoolConversionError):
        branch(1.0, 2)


def test_jax306_examples():
    pytest.importorskip("jaxcheck.typing")
    bad = load_example("static_args/jax306_static_marker_not_static_bad.py")
    with pytest.raises(TypeError, match="Shapes must be 1D sequences of concrete values"):
        bad.pad(jnp.ones(3), 2)
    good = load_example("static_args/jax306_static_marker_not_static_good.py")
    assert good.pad(jnp.ones(3), 2).shape == (5,)


def test_jax306_equinox_layers_holding_functions():
    """The layers of names.EQUINOX_LAYER_LEAVES raise under a plain `jax.jit` at a traced
    position, those holding arrays only are traced; the rule's examples of equinox layers, text
    arrays and library objects agree."""
    eqx = pytest.importorskip("equinox")
    import jax

    from jaxcheck import names

    key, x = jax.random.PRNGKey(0), jnp.ones(2)

    def loss(model, x):
        return model(x)

    failing = {
        "equinox.nn.MLP": eqx.nn.MLP(2, 1, 4, 3, key=key),
        "equinox.nn.Lambda": eqx.nn.Lambda(jax.nn.relu),
        "equinox.nn.BatchNorm": eqx.nn.BatchNorm(2, "batch"),
        "equinox.nn.Sequential": eqx.nn.Sequential([eqx.nn.Linear(2, 2, key=key), eqx.nn.Lambda(jax.nn.relu)]),
        "equinox.nn.Pool": eqx.nn.Pool(0.0, jax.lax.add, 2, 2),
        "equinox.nn.WeightNorm": eqx.nn.WeightNorm(eqx.nn.Linear(2, 2, key=key)),
    }
    for kind in ("Max", "Avg", "AdaptiveMax", "AdaptiveAvg"):
        for dims in (1, 2, 3):
            failing[f"equinox.nn.{kind}Pool{dims}d"] = getattr(eqx.nn, f"{kind}Pool{dims}d")(2)
    assert set(failing) == set(names.EQUINOX_LAYER_LEAVES)
    for layer in failing.values():
        with pytest.raises(TypeError):
            jax.jit(lambda model, x: x)(layer, x)
    rule = rule_by_code_or_name("JAX306")
    for index, example in enumerate(rule.VALID + rule.INVALID):
        if any(marker in example.code for marker in ("eqx.nn", "np.array", "jax.nn.relu", "jax.numpy.pi", "functools.partial(huber", "optax.linear_schedule")):
            if example in rule.INVALID:
                with pytest.raises(TypeError):
                    _execute(example.code, f"JAX306_layers_{index}")
            else:
                _execute(example.code, f"JAX306_layers_{index}")


@pytest.mark.parametrize("name", ["jax.nn.relu", "jax.numpy.tanh", "numpy.sum", "math.sqrt", "jax.numpy.float32", "numpy"])
def test_jax306_library_objects_cannot_be_traced(name):
    """names.is_untraceable_library_value agrees with jax: the object raises at a traced
    position, a float constant or `newaxis` of the same modules is traced."""
    import importlib
    import operator

    import jax

    from jaxcheck import names

    module, _, attribute = name.rpartition(".")
    value = operator.attrgetter(attribute)(importlib.import_module(module)) if module else importlib.import_module(name)
    assert names.is_untraceable_library_value(name)
    with pytest.raises(TypeError):
        jax.jit(lambda x, v: x)(1.0, value)
    for constant in ("jax.numpy.pi", "numpy.inf", "jax.numpy.newaxis"):
        assert not names.is_untraceable_library_value(constant)
        jax.jit(lambda x, v: x)(1.0, operator.attrgetter(constant.rpartition(".")[2])(importlib.import_module(constant.rpartition(".")[0])))
