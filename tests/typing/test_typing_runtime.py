"""``jaxcheck.typing`` at runtime: cheap to import, JAX's own definitions, usable with
``isinstance`` where that means something, and ``Static`` visible to introspection."""

from __future__ import annotations

import pickle
import subprocess
import sys
import typing
from collections.abc import Sequence

import pytest

jax = pytest.importorskip("jax", reason="these tests run the typing helpers on jax (the test extras)")
jnp = jax.numpy
np = pytest.importorskip("numpy")

import jaxcheck.typing as jt
from jaxcheck.typing import STATIC_MARKER, PyTree, Static, StaticMarker, is_static


def test_import_does_not_import_jax_or_numpy() -> None:
    code = "import sys, jaxcheck.typing; print('jax' in sys.modules, 'numpy' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["False", "False"]


def test_every_name_in_all_is_defined() -> None:
    for name in jt.__all__:
        assert getattr(jt, name) is not None, name
    assert set(jt.__all__) <= set(dir(jt))


@pytest.mark.parametrize(
    ("name", "definition"),
    [
        ("Array", jax.Array),
        ("ArrayLike", jax.typing.ArrayLike),
        ("DTypeLike", jax.typing.DTypeLike),
        ("Scalar", jax.Array),
        ("PRNGKeyArray", jax.Array),
        ("DType", np.dtype),
    ],
)
def test_jax_definitions_are_re_exported_not_redefined(name: str, definition: object) -> None:
    assert getattr(jt, name) is definition


def test_array_and_scalar_isinstance() -> None:
    x = jnp.arange(3.0)
    assert isinstance(x, jt.Array) and isinstance(x.sum(), jt.Scalar)
    assert not isinstance(np.arange(3.0), jt.Array)


def test_array_like_accepts_arrays_and_scalars_not_sequences() -> None:
    for value in (jnp.ones(2), np.ones(2), 1, 2.0, True, 1j, np.float32(1)):
        assert isinstance(value, jt.ArrayLike), value
    for value in ([1.0, 2.0], (1,), "1.0", None):
        assert not isinstance(value, jt.ArrayLike), value


def test_scalar_like_accepts_python_numpy_scalars_and_arrays() -> None:
    for value in (1, 2.0, False, 1j, np.int8(1), np.bool_(True), jnp.float32(2.0)):
        assert isinstance(value, jt.ScalarLike), value
    for value in ("1", None, [1]):
        assert not isinstance(value, jt.ScalarLike), value


def test_dtype_is_what_arrays_report_and_dtype_like_accepts_its_spellings() -> None:
    assert isinstance(jnp.ones(2).dtype, jt.DType)
    assert typing.get_args(jt.DTypeLike)  # a Union of the accepted spellings
    for spelling in ("float32", np.float32, jnp.dtype("int8"), jnp.bfloat16):
        assert jnp.zeros(1, spelling).dtype == jnp.dtype(spelling)


def test_prng_keys_of_both_kinds_are_key_arrays() -> None:
    assert isinstance(jax.random.key(0), jt.PRNGKeyArray)
    assert isinstance(jax.random.PRNGKey(0), jt.PRNGKeyArray)


def test_shape_types() -> None:
    assert jt.Shape == tuple[int, ...]
    assert jt.DimSize is int
    assert typing.get_args(jt.ShapeLike) == (int, Sequence[int])
    x = jnp.zeros((2, 3))
    assert isinstance(x.shape, tuple) and all(isinstance(d, jt.DimSize) for d in x.shape)


def test_static_is_annotated_with_the_marker() -> None:
    def step(x: jt.Array, n: Static[int], flags: Static[tuple[str, ...]] = ()) -> jt.Array:
        return x * n

    hints = typing.get_type_hints(step, include_extras=True)
    assert hints["n"] == typing.Annotated[int, STATIC_MARKER]
    assert typing.get_args(hints["flags"]) == (tuple[str, ...], STATIC_MARKER)
    assert is_static(hints["n"]) and not is_static(hints["x"])
    assert typing.get_type_hints(step)["n"] is int  # without extras, just the type
    assert is_static(typing.Annotated[Static[int], "doc"])  # nested Annotated flattens


def test_static_marker_is_a_singleton() -> None:
    assert StaticMarker() is STATIC_MARKER
    assert pickle.loads(pickle.dumps(STATIC_MARKER)) is STATIC_MARKER
    assert repr(STATIC_MARKER) == "jaxcheck.typing.STATIC_MARKER"


def test_static_works_with_jit_static_argnames() -> None:
    @jax.jit
    def unused(x: jt.Array) -> jt.Array:
        return x

    def tile(x: jt.Array, reps: Static[int]) -> jt.Array:
        return jnp.tile(x, reps)

    static = [n for n, h in typing.get_type_hints(tile, include_extras=True).items() if is_static(h)]
    assert static == ["reps"]
    assert jax.jit(tile, static_argnames=static)(jnp.ones(2), 3).shape == (6,)


def test_pytree_isinstance_checks_every_leaf() -> None:
    tree = {"w": jnp.ones((2, 2)), "layers": [jnp.zeros(2), None, (jnp.ones(1),)]}
    assert isinstance(tree, PyTree[jax.Array])
    assert not isinstance({"w": jnp.ones(2), "n": 3}, PyTree[jax.Array])
    assert isinstance({"w": jnp.ones(2), "n": 3}, PyTree[jax.Array | int])
    assert isinstance(object(), PyTree)  # any value is a pytree (a leaf, at least)
    assert PyTree[int] is PyTree[int]
    assert repr(PyTree[jax.Array]) == "PyTree[jax.Array]" and repr(PyTree) == "PyTree"
    with pytest.raises(TypeError, match="annotation"):
        PyTree()
