"""The abstract values of the interpreter: their join, their projection, their bounds."""

from __future__ import annotations

import itertools
import types

import pytest

from jaxcheck.analysis.values import (
    BOOL, BOTTOM, FALSE, INT, MAX_ITEMS, NONE, STATIC, TRACED_TREE, TRACER, TRUE, UNKNOWN, Const, HostArray,
    Function, Instance, Mapping, MixedNumber, Scalar, Sequence, Tracer, Value, alternating_array, coarse, holds_python_number, join,
    join_all, truth, widen,
)

SAMPLES = [
    BOTTOM, UNKNOWN, STATIC, TRACED_TREE, TRACER, Tracer((3,), "float32"), Tracer(abstract=False),
    Const(1), Const(2), Const(1.5), Const("a"), NONE, TRUE, INT, BOOL, Scalar("float"),
    HostArray("numpy", (2,)), HostArray("jax"), Sequence("tuple", (Const(1), TRACER)),
    Sequence("tuple", (Const(2), TRACER)), Sequence("list", None, INT), Mapping((("lr", Const(0.1)),)),
    Mapping(None, TRACER), Instance("argparse.Namespace"), MixedNumber(frozenset({"int", "float"})),
    HostArray("numpy", (4, 3), "float32", False), HostArray("numpy", (4, 3), "int64", False),
    HostArray("numpy", (4, 3), None, False, frozenset({"float32", "int32"})),
]


@pytest.mark.parametrize(("a", "b"), list(itertools.product(SAMPLES, SAMPLES)))
def test_join_is_commutative_and_bounds_both(a, b):
    joined = join(a, b)
    assert joined == join(b, a) or joined.kind == join(b, a).kind
    assert join(joined, a) == joined and join(joined, b) == joined


@pytest.mark.parametrize("value", SAMPLES)
def test_bottom_is_neutral_and_unknown_absorbs(value):
    assert join(value, BOTTOM) == value and join(BOTTOM, value) == value
    assert join(value, value) == value
    assert join(value, UNKNOWN) is UNKNOWN or value is BOTTOM


def test_kinds_the_older_readers_see():
    assert TRACER.kind is Value.ARRAY and Tracer(abstract=False).kind is Value.STATIC
    assert TRACED_TREE.kind is Value.TREE and Const(3).kind is Value.STATIC and UNKNOWN.kind is Value.UNKNOWN
    assert Sequence("tuple", (Const(1), TRACER)).kind is Value.TREE
    assert Sequence("tuple", (Const(1), Const(2))).kind is Value.STATIC
    assert Mapping((("w", TRACER), ("b", UNKNOWN))).kind is Value.UNKNOWN


def test_joining_constants_keeps_their_type():
    assert join(Const(1), Const(2)) == INT
    assert join(Const(1), Const("a")) is STATIC
    assert join(Const(True), Const(False)) == BOOL
    assert join(TRACER, Const(1)) is UNKNOWN  # neither certain: no finding either way
    assert join(TRACER, TRACED_TREE) is TRACED_TREE


def test_a_number_mixed_by_min_or_max_stays_mixed_where_paths_meet():
    mixed = MixedNumber(frozenset({"int", "float"}))
    assert join(mixed, Const(1)) == mixed and join(Scalar("float"), mixed) == mixed
    assert join(mixed, Const("a")) is STATIC
    assert join(Const(1), Scalar("float")) is STATIC  # two paths of a program: not a mix
    assert truth(mixed) == BOOL


def test_structures_join_item_by_item():
    a = Sequence("tuple", (Const(1), TRACER))
    b = Sequence("tuple", (Const(2), TRACER))
    assert join(a, b) == Sequence("tuple", (INT, TRACER))
    assert join(a, Sequence("tuple", (Const(1),))) == Sequence("tuple", None, join(join(Const(1), TRACER), Const(1)))
    assert join(Instance("x", (("n", Const(1)),)), Instance("x", (("n", Const(2)),))) == Instance("x", (("n", INT),))


def test_truth_of_what_python_can_decide():
    assert truth(Const(0)) == FALSE and truth(Const("a")) == TRUE and truth(NONE) == FALSE
    assert truth(Sequence("tuple", ())) == FALSE and truth(Sequence("list", None, INT)) == BOOL
    assert truth(TRACER) is UNKNOWN and truth(INT) == BOOL


def test_long_displays_and_deep_nesting_are_summarised():
    long = Sequence("list", tuple(Const(i) for i in range(MAX_ITEMS + 1)))
    assert long.items is None and long.item == INT
    deep = Const(1)
    for _ in range(10):
        deep = Sequence("tuple", (deep,))
    assert widen(deep) != deep and join(widen(deep), deep) is not UNKNOWN


def test_a_summarised_sequence_keeps_its_length():
    long = Sequence("list", tuple(TRACER for _ in range(40)))
    assert long.items is None and long.length == 40
    assert widen(long).length == 40 and coarse(long).length is None
    assert join(long, Sequence("list", None, TRACER, 40)).length == 40
    assert join(long, Sequence("list", None, TRACER, 41)).length is None
    assert Sequence("tuple", (Const(1), Const(2))).length == 2 and Sequence("list", None, INT).length is None


def test_coarse_forgets_what_varies_between_calls():
    assert coarse(Const(3)) == INT and coarse(NONE) == NONE
    assert coarse(Sequence("tuple", (Const(1), Const(2)))) == Sequence("tuple", None, STATIC)
    assert coarse(HostArray("numpy", (3,), "float32")) == HostArray("numpy")


def test_coarse_by_size_keeps_functions_and_numbers_of_a_short_tuple():
    # `(logpdf, step_size, num_steps)` a sampler keeps: another module's run still sees the
    # function, which jit cannot trace, and the float it became (JAX306).
    logpdf = Function(types.SimpleNamespace(qualname="logpdf"))  # type: ignore[arg-type]
    kept = Sequence("tuple", (logpdf, Scalar("float"), Const(10)))
    assert coarse(kept, sizes=True) == kept
    assert coarse(kept) == Sequence("tuple", None, STATIC)
    bound = Function(logpdf.function, (Const(1),))
    assert coarse(Sequence("tuple", (bound, Const(10))), sizes=True).items is None  # a partial's arguments vary


def test_join_all():
    assert join_all([]) is BOTTOM
    assert join_all([Const(1), Const(2), Const(3)]) == INT


def test_an_array_alternates_between_the_dtypes_jit_keys_apart():
    floats, ints = HostArray("numpy", (4, 3), "float32", False), HostArray("numpy", (4, 3), "int64", False)
    alternating = alternating_array(floats, ints)
    assert alternating == HostArray("numpy", (4, 3), None, False, frozenset({"float32", "int32"}))
    # x64 disabled: a float64 array is keyed as float32 (one compile, measured on jax 0.10.2).
    assert alternating_array(floats, HostArray("numpy", (4, 3), "float64", False)) is None
    assert alternating_array(floats, HostArray("numpy", (4, 3))) is None  # a dtype not known
    # A plain join is one branch or the other per run: it does not alternate.
    assert join(floats, ints).alternating is None
    # Joined with what a later pass makes, it keeps alternating, and adds a third dtype.
    assert join(alternating, floats) == alternating
    assert join(alternating, HostArray("numpy", (4, 3), "uint8", False)).alternating == {"float32", "int32", "uint8"}
    assert join(alternating, HostArray("numpy")).alternating is None


def test_python_numbers_among_a_containers_leaves():
    # What `equinox.filter_jit` keys by value inside a pytree: a Python number, at any depth.
    assert holds_python_number(Mapping((("atol", Scalar("float")), ("rtol", Const(1e-3)))))
    assert holds_python_number(Sequence("tuple", (HostArray("jax", (3,)), Sequence("list", None, INT))))
    assert not holds_python_number(Mapping((("atol", HostArray("jax", ())), ("name", Const("dopri5")))))
    assert not holds_python_number(Scalar("float"))  # a number alone is static by itself, not a leaf
    assert not holds_python_number(Mapping(None, TRACER))
