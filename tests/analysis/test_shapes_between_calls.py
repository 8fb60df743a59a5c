"""Shapes, dtypes and tree structures that vary between the calls of a jitted function.

The analysis knows where an array's shape comes from (a constructor's sizes, the pieces it
joins, Python data), runs a host loop or comprehension over a handful of known values item by
item through the helpers it calls, and compares what a loop's first iteration passes a jitted
call with what the next passes (dtype, weak type, `None` against a container). The constructor
shapes are the ones jax 0.10.2 gives (bench/measure_sized_constructors.py; the `slow` tests
below check them on jax); every program claiming a hazard was run on jax 0.10.2 and compiled
as many times as its comment says.
"""

from __future__ import annotations

import textwrap

import pytest

from jaxcheck.analysis.interpret.frames import Arguments
from jaxcheck.analysis.interpret.library import _joined_shape, _mapped_element, _rearranged_shape, _sized_shape
from jaxcheck.analysis.values import Const, HostArray, Scalar, Sequence, Tracer, coarse
from jaxcheck.api import check_source


def findings(source: str) -> list[tuple[int, str]]:
    result = check_source(textwrap.dedent(source).lstrip("\n"), "case.py")
    assert result.error is None, result.error
    return sorted((d.line, d.code) for d in result.diagnostics)


def args(*positional: object, **keywords: object) -> Arguments:
    def value(v: object):
        if isinstance(v, list):
            return Sequence("list", tuple(HostArray("jax", shape) for shape in v))
        return Const(v)

    return Arguments(tuple(value(v) for v in positional), tuple((k, value(v)) for k, v in keywords.items()))


# (function, positional, keywords, shape jax 0.10.2 gives); lists stand for lists of arrays of
# those shapes.
SIZED = [
    ("arange", (5,), {}, (5,)),
    ("arange", (2, 9), {}, (7,)),
    ("arange", (0, 10, 3), {}, (4,)),
    ("arange", (20.0, 30.0, 0.5), {}, (20,)),
    ("arange", (5, 2), {}, (0,)),
    ("linspace", (0, 1), {}, (50,)),
    ("linspace", (0, 1, 7), {}, (7,)),
    ("geomspace", (1, 8), {"num": 4}, (4,)),
    ("logspace", (0, 2, 3), {}, (3,)),
    ("eye", (3,), {}, (3, 3)),
    ("eye", (3, 4), {}, (3, 4)),
    ("identity", (4,), {}, (4, 4)),
]
JOINED = [
    ("concatenate", ([(3, 4), (5, 4)],), {}, (8, 4)),
    ("concatenate", ([(4, 3), (4, 5)],), {"axis": 1}, (4, 8)),
    ("concatenate", ([(3, 4), (5, 4)],), {"axis": -2}, (8, 4)),
    ("stack", ([(3, 4), (3, 4)],), {}, (2, 3, 4)),
    ("stack", ([(3, 4), (3, 4), (3, 4)],), {"axis": 1}, (3, 3, 4)),
    ("stack", ([(3, 4), (3, 4)],), {"axis": -1}, (3, 4, 2)),
    ("vstack", ([(4,), (4,)],), {}, (2, 4)),
    ("vstack", ([(3, 4), (5, 4)],), {}, (8, 4)),
    ("hstack", ([(3,), (5,)],), {}, (8,)),
    ("hstack", ([(4, 3), (4, 5)],), {}, (4, 8)),
]


@pytest.mark.parametrize(("name", "positional", "keywords", "shape"), SIZED)
def test_constructors_sized_by_counts(name, positional, keywords, shape):
    assert _sized_shape(name, args(*positional, **keywords)) == shape


@pytest.mark.parametrize(("name", "positional", "keywords", "shape"), JOINED)
def test_joined_arrays(name, positional, keywords, shape):
    assert _joined_shape(name, args(*positional, **keywords)) == shape


def test_sizes_not_known_give_no_shape():
    assert _sized_shape("arange", Arguments((Scalar("int"),))) is None
    assert _sized_shape("linspace", Arguments((Const(0), Const(1), Scalar("int")))) is None
    pieces = Sequence("list", (HostArray("jax", (3, 4)), HostArray("jax")))
    assert _joined_shape("concatenate", Arguments((pieces,))) is None
    assert _joined_shape("stack", args([(3, 4), (5, 4)])) is None  # unequal shapes: stack raises


@pytest.mark.slow
@pytest.mark.parametrize(("name", "positional", "keywords", "shape"), SIZED + JOINED)
def test_the_shapes_are_jaxs(name, positional, keywords, shape):
    jax = pytest.importorskip("jax")
    made = [jax.numpy.ones(p) if isinstance(p, tuple) else p for p in positional]
    made = [[jax.numpy.ones(s) for s in p] if isinstance(p, list) else p for p in made]
    assert getattr(jax.numpy, name)(*made, **keywords).shape == shape


def test_another_modules_helper_keeps_a_short_list_of_plain_data():
    bands = Sequence(
        "list", (Sequence("tuple", (Const(20.0), Const(37))), Sequence("tuple", (Const(64.0), Const(91))))
    )
    kept = coarse(bands, sizes=True)
    assert kept.items is not None and kept.items[0].items == (Scalar("float"), Const(37))
    prompts = (Const("hi"), Const("hello"))
    assert coarse(Sequence("list", prompts), sizes=True).items == prompts
    arrays = Sequence("tuple", (HostArray("jax", (3,), "float32"), HostArray("jax", (3,), "float32")))
    assert coarse(arrays, sizes=True).items is None  # a state of arrays: one run for all its values
    assert coarse(bands).items is None


CASES = {
    # A comprehension over sizes a parameter defaults to: one compile per size (measured: 3).
    "comprehension_over_sizes": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def energy(positions):
            return jnp.sum(positions ** 2)

        def benchmark(sizes=(10, 14, 23)):
            return [energy(jnp.zeros(n)) for n in sizes]

        def run():
            benchmark()
        """,
        [(9, "JAX404")],
    ),
    # Each band's grid has its own number of points, and the jitted call is in the function
    # the loop runs (measured: gen_polar compiled 3 times).
    "grid_sized_by_each_item_through_a_helper": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def gen_polar(freqs, theta):
            return jnp.sum(freqs * theta[0])

        def band_power(theta, band):
            f_min, f_max, n_bins = band
            return gen_polar(jnp.geomspace(f_min, f_max, n_bins), theta)

        def log_likelihood(theta, bands):
            return sum(band_power(theta, band) for band in bands)

        def run():
            log_likelihood(jnp.ones(3), [(20.0, 64.0, 37), (64.0, 256.0, 91), (256.0, 1024.0, 155)])
        """,
        [(10, "JAX404")],
    ),
    # Batches made by concatenating structures of different sizes (8 and 10 nodes), against
    # batches padded to one size and a counting loop over one fixed size: measured, step
    # compiled 3 times in all, for the sizes 8, 10 and 16.
    "concatenated_batches": (
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        @jax.jit
        def step(w, nodes):
            return jnp.sum(nodes @ w)

        def ring(n):
            return np.ones((n, 4), np.float32)

        def run():
            w = jnp.ones((4, 4))
            loader = [[ring(3), ring(5)], [ring(4), ring(6)]]
            out = [step(w, np.concatenate(graphs)) for graphs in loader]
            out += [step(w, np.zeros((16, 4), np.float32)) for graphs in loader]
            for i in range(3):
                out.append(step(w, jnp.zeros((8, 4))))
            return out
        """,
        [(15, "JAX404")],
    ),
    # Sizes padded to one bucket, and a loop whose items differ but not in what they size.
    "padded_or_unrelated_items_stay_quiet": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(x, scale):
            return x.sum() * scale

        def run():
            for n in [5, 6, 7]:
                f(jnp.zeros((n + 7) // 8 * 8), 1.0)
            for name in ["train", "test"]:
                f(jnp.zeros(8), 2.0)
        """,
        [],
    ),
    # A state field made `jnp.inf` (a Python float) that the jitted update refills with a norm
    # (a strong float32): the second call compiles again (measured: 2 compiles).
    "python_float_field_refilled_with_a_norm": (
        """
        from typing import NamedTuple
        import jax
        import jax.numpy as jnp

        class State(NamedTuple):
            error: object
            history: jax.Array

        def update(params, state):
            new = jnp.cos(params)
            return new, State(error=jnp.linalg.norm(new - params), history=state.history)

        def solve(x):
            step = jax.jit(update)
            state = State(error=jnp.inf, history=jnp.zeros((3, 3)))
            for _ in range(4):
                x, state = step(x, state)
            return x
        """,
        [(17, "JAX406")],
    ),
    # `aux` None from the initial state and a dict from the update: two tree structures
    # (measured: 2 compiles); a field that stays None is one.
    "none_then_a_dict": (
        """
        from typing import Any, NamedTuple
        import jax
        import jax.numpy as jnp

        class GDState(NamedTuple):
            value: jax.Array
            aux: Any
            extra: Any

        def update(w, state):
            return w - 0.1, GDState(jnp.sum(w), {"norm": jnp.linalg.norm(w)}, state.extra)

        def run():
            step = jax.jit(update)
            w = jnp.zeros(3)
            state = GDState(jnp.asarray(jnp.inf, jnp.float32), None, None)
            for _ in range(4):
                w, state = step(w, state)
            return w
        """,
        [(18, "JAX406")],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_mechanism(name):
    source, expected = CASES[name]
    assert findings(source) == expected


@pytest.mark.slow
def test_what_jit_keys_on():
    """The beliefs the cases rest on, on jax: a norm is strong whatever its operand, `None`
    then a dict compiles twice, one compile per size of a sweep."""
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    from jaxcheck.runtime.compile_log import compile_log

    for operand in (jnp.asarray(1.0), jnp.asarray(2), jnp.ones(3)):
        assert not jnp.linalg.norm(operand).weak_type
    log = compile_log()
    keyed = jax.jit(lambda x, aux: x)
    mark = log.mark()
    keyed(1.0, None)
    keyed(1.0, {"norm": jnp.ones(())})
    keyed(1.0, {"norm": jnp.ones(())})
    assert log.count_of(log.since(mark), "<lambda>") == 2
    summed = jax.jit(lambda x: x.sum())
    mark = log.mark()
    for n in (5, 8, 10, 10, 10):
        summed(jnp.arange(n))
    assert log.count_of(log.since(mark), "<lambda>") == 3


# (method, positional arguments, shape of a (2, 1, 3) array) as jax 0.10.2 gives them; None: the
# arguments choose axes, not read
REARRANGED = [("copy", (), (2, 1, 3)), ("transpose", (), (3, 1, 2)), ("squeeze", (), (2, 3)),
              ("ravel", (), (6,)), ("flatten", (), (6,)), ("transpose", (0, 2, 1), None)]


@pytest.mark.parametrize(("method", "positional", "shape"), REARRANGED)
def test_methods_that_rearrange_an_array(method, positional, shape):
    assert _rearranged_shape((2, 1, 3), method, Arguments(tuple(Const(p) for p in positional))) == shape


@pytest.mark.slow
@pytest.mark.parametrize(("method", "positional", "shape"), [row for row in REARRANGED if row[2] is not None])
def test_the_rearranged_shapes_are_jaxs(method, positional, shape):
    jax = pytest.importorskip("jax")
    assert getattr(jax.numpy.zeros((2, 1, 3)), method)(*positional).shape == shape


def test_vmap_hands_its_function_one_element_of_what_it_maps():
    # the leading axis dropped where no axes option is given; not known where one chooses
    assert _mapped_element(Tracer((100,), "float32"), leading=True).shape == ()
    assert _mapped_element(Tracer((8, 3), "float32"), leading=True).shape == (3,)
    assert _mapped_element(Tracer((8, 3), "float32"), leading=False).shape is None


@pytest.mark.slow
def test_vmap_element_shapes_are_jaxs():
    jax = pytest.importorskip("jax")
    shapes = []
    jax.vmap(lambda x: shapes.append(x.shape) or x)(jax.numpy.ones((8, 3)))
    assert shapes == [(3,)]
