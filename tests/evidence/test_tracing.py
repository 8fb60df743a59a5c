"""JAX2xx: each bad example raises the exact error on real jax (CPU); each good example runs.

The table below keeps the measurements the rules rely on: what raises under tracing, what
does not (the legal cases the rules must stay quiet on), and which error type each raises.
"""

from __future__ import annotations

import math
import operator
from functools import partial

import numpy as np
import pytest

from .conftest import load_example

jax = pytest.importorskip("jax")
jnp = jax.numpy
lax = jax.lax
errors = jax.errors

EXAMPLES = [
    ("jax201_traced_bool_conversion", errors.TracerBoolConversionError),
    ("jax202_traced_scalar_conversion", errors.ConcretizationTypeError),
    ("jax203_traced_numpy_conversion", errors.TracerArrayConversionError),
    ("jax204_traced_shape_argument", errors.ConcretizationTypeError),
    ("jax205_traced_slice_bound", IndexError),
    ("jax206_builtin_comparison_on_tracer", errors.TracerBoolConversionError),
]


@pytest.mark.parametrize(("stem", "error"), EXAMPLES, ids=[stem[:6] for stem, _ in EXAMPLES])
def test_bad_example_raises_while_tracing(stem, error):
    module = load_example(f"tracing/{stem}_bad.py")
    with pytest.raises(error) as raised:
        module.run()
    assert type(raised.value) is error


@pytest.mark.parametrize(("stem", "error"), EXAMPLES, ids=[stem[:6] for stem, _ in EXAMPLES])
def test_good_example_runs(stem, error):
    module = load_example(f"tracing/{stem}_good.py")
    jax.block_until_ready(module.run())


def _assert_(x):
    assert x > 0
    return x


def _while(x):
    while x < 3:
        x = x + 1
    return x


@jax.custom_jvp
def _numpy_primal(x):
    return jnp.asarray(np.exp(np.asarray(x)) * float(x))


@_numpy_primal.defjvp
def _numpy_primal_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return _numpy_primal(x), _numpy_primal(x) * (1.0 + 1.0 / x) * dx


x3 = jnp.arange(3.0)
key = jax.random.key(0)
shapes_error = TypeError  # "Shapes must be 1D sequences of concrete values of integer type"

# (label, thunk, expected error or None for "works")
FACTS = [
    # JAX201
    ("if x > 0", lambda: jax.jit(lambda x: x if x > 0 else -x)(1.0), errors.TracerBoolConversionError),
    ("while x < 3", lambda: jax.jit(_while)(1.0), errors.TracerBoolConversionError),
    ("assert x > 0", lambda: jax.jit(_assert_)(1.0), errors.TracerBoolConversionError),
    ("not x", lambda: jax.jit(lambda x: not x)(1.0), errors.TracerBoolConversionError),
    ("x or 1", lambda: jax.jit(lambda x: x or 1)(1.0), errors.TracerBoolConversionError),
    ("1 and x (right not converted)", lambda: jax.jit(lambda x: 1 and x)(1.0), None),
    ("0 < x < 1", lambda: jax.jit(lambda x: 0 < x < 1)(0.5), errors.TracerBoolConversionError),
    ("vmap if", lambda: jax.vmap(lambda x: x if x > 0 else -x)(x3), errors.TracerBoolConversionError),
    ("grad alone if", lambda: jax.grad(lambda x: x if x > 0 else -x)(1.0), None),
    ("scan body if", lambda: lax.scan(lambda c, v: (c + (1.0 if v > 0 else 0.0), None), 0.0, x3),
     errors.TracerBoolConversionError),
    ("if dict param", lambda: jax.jit(lambda d: d["a"] if d else 0.0)({"a": 1.0}), None),
    ("None == None param", lambda: jax.jit(lambda d: 1 if d == None else 0)(None), None),  # noqa: E711
    ("None > 0 param", lambda: jax.jit(lambda d: 1 if d > 0 else 0)(None), TypeError),
    ("for i in range(3)", lambda: jax.jit(lambda x: sum(x * i for i in range(3)))(1.0), None),
    ("iscomplexobj is a bool", lambda: jax.jit(lambda x: x if jnp.iscomplexobj(x) else -x)(1.0), None),
    ("jax_disable_jit reads False under jit", lambda: jax.jit(lambda x: x if not jax.config.jax_disable_jit else x > 0)(1.0), None),
    ("vectorize traces its function", lambda: jnp.vectorize(lambda x: x if x > 0 else -x)(x3), errors.TracerBoolConversionError),
    ("vectorize excluded stays concrete", lambda: jnp.vectorize(lambda x, n: x * n if n > 1 else x, excluded={1})(x3, 2), None),
    # JAX204: a tuple made from a traced array holds tracers
    ("axis=tuple(jnp.arange(a, b))", lambda: jax.jit(lambda m: jnp.expand_dims(m, axis=tuple(jnp.arange(1, 2))))(x3),
     errors.TracerIntegerConversionError),
    ("axis_size is an int", lambda: jax.vmap(lambda x: x if lax.axis_size("i") == 3 else -x, axis_name="i")(x3), None),
    # JAX202
    ("int(x)", lambda: jax.jit(lambda x: int(x))(1.0), errors.ConcretizationTypeError),
    ("float(x)", lambda: jax.jit(lambda x: float(x))(1.0), errors.ConcretizationTypeError),
    ("complex(x)", lambda: jax.jit(lambda x: complex(x))(1.0), errors.ConcretizationTypeError),
    ("bool(x) (JAX201)", lambda: jax.jit(lambda x: bool(x))(1.0), errors.TracerBoolConversionError),
    ("operator.index(x)", lambda: jax.jit(lambda x: operator.index(x))(1), errors.TracerIntegerConversionError),
    ("x.item()", lambda: jax.jit(lambda x: x.item())(1.0), errors.ConcretizationTypeError),
    ("x.tolist()", lambda: jax.jit(lambda x: x.tolist())(x3), errors.ConcretizationTypeError),
    ("math.sqrt(x)", lambda: jax.jit(lambda x: math.sqrt(x))(2.0), errors.ConcretizationTypeError),
    ("math.prod(x) works", lambda: jax.jit(lambda x: math.prod(x))(x3), None),
    ("int(dict)", lambda: jax.jit(lambda d: int(d))({"a": 1.0}), TypeError),
    ("int(None)", lambda: jax.jit(lambda d: int(d))(None), TypeError),
    ("bool(dict) works", lambda: jax.jit(lambda d: (bool(d), d)[1])({"a": 1.0}), None),
    ("default not passed stays concrete", lambda: jax.jit(lambda x, n=3: x * int(n))(1.0), None),
    ("vmap in_axes=None stays concrete", lambda: jax.vmap(lambda x, n: x * int(n), in_axes=(0, None))(x3, 2), None),
    # JAX203
    ("np.asarray(x)", lambda: jax.jit(lambda x: np.asarray(x))(x3), errors.TracerArrayConversionError),
    ("np.array(x)", lambda: jax.jit(lambda x: np.array(x))(x3), errors.TracerArrayConversionError),
    ("np.sum(x) works", lambda: jax.jit(lambda x: np.sum(x))(x3), None),
    ("np.asarray(dict) works", lambda: jax.jit(lambda d: (np.asarray(d), d["a"])[1])({"a": 1.0}), None),
    ("np.exp(x)", lambda: jax.jit(lambda x: np.exp(x))(x3), errors.TracerArrayConversionError),
    ("np.exp(dict)", lambda: jax.jit(lambda d: np.exp(d))({"a": 1.0}), TypeError),
    ("np.linalg.inv(m)", lambda: jax.jit(lambda m: np.linalg.inv(m))(jnp.eye(2)), errors.TracerArrayConversionError),
    ("np.fft.fft(x)", lambda: jax.jit(lambda x: np.fft.fft(x))(x3), errors.TracerArrayConversionError),
    ("np.reshape(x) works", lambda: jax.jit(lambda x: np.reshape(x, (3, 1)))(x3), None),
    ("np.moveaxis(x) works", lambda: jax.jit(lambda m: np.moveaxis(m, -1, 0))(jnp.eye(2)), None),
    ("np.repeat(x) works", lambda: jax.jit(lambda x: np.repeat(x, 2))(x3), None),
    # Under grad alone (JVP tracers): only what needs the value itself raises.
    ("grad alone float(x)", lambda: jax.grad(lambda x: x * float(x))(2.0), errors.ConcretizationTypeError),
    ("grad alone x.tolist()", lambda: jax.grad(lambda x: x * x.tolist())(2.0), errors.ConcretizationTypeError),
    ("grad alone math.sqrt(x)", lambda: jax.grad(lambda x: x * math.sqrt(x))(2.0), errors.ConcretizationTypeError),
    ("grad alone format spec", lambda: jax.grad(lambda x: (f"{x:.2f}", x)[1])(2.0), TypeError),
    ("grad alone np.asarray(x)", lambda: jax.grad(lambda x: x * np.asarray(x))(2.0), errors.TracerArrayConversionError),
    ("jvp np.linalg.inv(m)", lambda: jax.jvp(lambda m: np.linalg.inv(m), (jnp.eye(2),), (jnp.eye(2),)),
     errors.TracerArrayConversionError),
    ("grad alone int(x) works", lambda: jax.grad(lambda x: x * int(x))(2.0), None),
    ("grad alone x.item() works", lambda: jax.grad(lambda x: x * x.item())(2.0), None),
    ("grad alone np.sum(x) works", lambda: jax.grad(lambda x: np.sum(x) * x)(2.0), None),
    ("custom_jvp function runs on primals", lambda: jax.grad(_numpy_primal)(2.0), None),
    # JAX204
    ("range(n)", lambda: jax.jit(lambda n: list(range(n)))(3), errors.TracerIntegerConversionError),
    ("jnp.arange(n)", lambda: jax.jit(lambda n: jnp.arange(n))(3), errors.ConcretizationTypeError),
    ("jnp.linspace(0, 1, n)", lambda: jax.jit(lambda n: jnp.linspace(0, 1, n))(3), errors.ConcretizationTypeError),
    ("jnp.repeat(x, n)", lambda: jax.jit(lambda x, n: jnp.repeat(x, n))(x3, 2), errors.ConcretizationTypeError),
    ("jnp.repeat total_repeat_length works", lambda: jax.jit(lambda x, r: jnp.repeat(x, r, total_repeat_length=6))(x3, jnp.array([1, 2, 3])), None),
    ("x.sum(axis=a)", lambda: jax.jit(lambda x, a: x.sum(axis=a))(x3, 0), errors.ConcretizationTypeError),
    ("axis=None param works", lambda: jax.jit(lambda x, a: x.sum(axis=a))(x3, None), None),
    ("jnp.zeros(n)", lambda: jax.jit(lambda n: jnp.zeros(n))(3), shapes_error),
    ("jnp.full((n,), 1.)", lambda: jax.jit(lambda n: jnp.full((n,), 1.0))(3), shapes_error),
    ("jnp.eye(n)", lambda: jax.jit(lambda n: jnp.eye(n))(3), shapes_error),
    ("x.reshape(n)", lambda: jax.jit(lambda x, n: x.reshape(n))(x3, 3), shapes_error),
    ("x.reshape(1, n)", lambda: jax.jit(lambda x, n: x.reshape(1, n))(x3, 3), shapes_error),
    ("random.normal(k, (n,))", lambda: jax.jit(lambda k, n: jax.random.normal(k, (n,)))(key, 3), shapes_error),
    ("jnp.zeros(x.shape[0]) works", lambda: jax.jit(lambda x: jnp.zeros(x.shape[0]))(x3), None),
    ("partial-bound argument stays concrete",
     lambda: jax.vmap(partial(lambda k, n: jax.random.normal(k, (n,)), n=3))(jax.random.split(key, 2)), None),
    ("broadcast_shapes is a tuple", lambda: jax.jit(lambda x: jnp.broadcast_to(x, jnp.broadcast_shapes(x.shape, (2, 1))))(x3), None),
    # JAX205
    ("x[i:i+2]", lambda: jax.jit(lambda x, i: x[i : i + 2])(x3, 1), IndexError),
    ("x[::s]", lambda: jax.jit(lambda x, s: x[::s])(x3, 1), IndexError),
    ("x.at[i:].set", lambda: jax.jit(lambda x, i: x.at[i:].set(0.0))(x3, 1), IndexError),
    ("x[i] works", lambda: jax.jit(lambda x, i: x[i])(x3, 1), None),
    ("x[:n] with n=None works", lambda: jax.jit(lambda x, n: x[:n])(x3, None), None),
    # JAX206
    ("max(x, 0.)", lambda: jax.jit(lambda x: max(x, 0.0))(1.0), errors.TracerBoolConversionError),
    ("max([a, b])", lambda: jax.jit(lambda a, b: max([a, b]))(1.0, 2.0), errors.TracerBoolConversionError),
    ("min(arr)", lambda: jax.jit(lambda x: min(x))(x3), errors.TracerBoolConversionError),
    ("sorted(arr)", lambda: jax.jit(lambda x: sorted(x))(x3), errors.TracerBoolConversionError),
    ("sum(arr) works", lambda: jax.jit(lambda x: sum(x))(x3), None),
    ("max(dict, 0.)", lambda: jax.jit(lambda d: max(d, 0.0))({"a": 1.0}), TypeError),
]


_SHAPE_CASES = {"jnp.zeros(n)", "jnp.full((n,), 1.)", "jnp.eye(n)", "x.reshape(n)", "x.reshape(1, n)", "random.normal(k, (n,))"}


@pytest.mark.parametrize(("label", "thunk", "error"), FACTS, ids=[label for label, _, _ in FACTS])
def test_measured_fact(label, thunk, error):
    if error is None:
        jax.block_until_ready(thunk())
    else:
        with pytest.raises(error) as raised:
            thunk()
        assert type(raised.value) is error, type(raised.value)
        if label in _SHAPE_CASES:
            assert "Shapes must be 1D sequences of concrete values" in str(raised.value)


def test_equinox_filter_transforms_keep_python_values_static():
    eqx = pytest.importorskip("equinox")

    @eqx.filter_jit
    def evaluate(x, flag: bool, n: int):
        return x * jnp.arange(n) if flag else x

    @eqx.filter_vmap
    def scale(x, n):
        return x * int(n)

    jax.block_until_ready(evaluate(jnp.ones(3), True, 3))
    jax.block_until_ready(scale(jnp.ones(3), 2))
