"""What mypy and pyright make of each name in `jaxcheck.typing` (loose inputs, strict outputs)."""

from typing import Any, assert_type

import jax
import jax.numpy as jnp
import numpy as np

from jaxcheck.typing import (
    STATIC_MARKER,
    Array,
    ArrayLike,
    DimSize,
    DType,
    DTypeLike,
    PRNGKeyArray,
    PyTree,
    Scalar,
    ScalarLike,
    Shape,
    ShapeLike,
    Static,
    StaticMarker,
)


def make(x: ArrayLike, shape: ShapeLike, dtype: DTypeLike, *, axis: Static[int]) -> Array:
    assert_type(axis, int)
    return jnp.broadcast_to(jnp.asarray(x, dtype), shape).sum(axis)


def describe(x: Array) -> tuple[Shape, DType, DimSize, Scalar]:
    return x.shape, x.dtype, x.shape[0], x.sum()


def scaled(tree: PyTree[Array], factor: ScalarLike) -> PyTree[Array]:
    assert_type(tree, Any)
    return jax.tree.map(lambda leaf: leaf * factor, tree)


def sample(key: PRNGKeyArray, shape: Shape) -> Array:
    return jax.random.normal(key, shape)


x = jnp.ones((2, 3))
assert_type(make(1.0, (2, 3), "float32", axis=0), Array)
assert_type(make(np.ones(3), 3, jnp.float32, axis=0), jax.Array)
assert_type(describe(x), tuple[tuple[int, ...], np.dtype[Any], int, jax.Array])
scaled({"w": x, "b": [x, None]}, np.float32(2.0))
scaled(x, x[0, 0])
sample(jax.random.key(0), (2,))
sample(jax.random.PRNGKey(0), x.shape)
assert_type(STATIC_MARKER, StaticMarker)


def wrong_calls() -> Shape:
    """Calls a checker rejects with these annotations."""
    make("1.0", (2,), "float32", axis=0)  # E[mypy]: arg-type  # E[pyright]: reportArgumentType
    make(1.0, (2.0,), "float32", axis=0)  # E[mypy]: arg-type  # E[pyright]: reportArgumentType
    make(1.0, (2,), None, axis=0)  # E[mypy]: arg-type  # E[pyright]: reportArgumentType
    make(1.0, (2,), "float32", axis="0")  # E[mypy]: arg-type  # E[pyright]: reportArgumentType
    scaled({"w": x}, "2")  # E[mypy]: arg-type  # E[pyright]: reportArgumentType
    sample(0, (2,))  # E[mypy]: arg-type  # E[pyright]: reportArgumentType
    sample(jax.random.key(0), [2])  # E[mypy]: arg-type  # E[pyright]: reportArgumentType
    shape: Shape = [2, 3]  # E[mypy]: assignment  # E[pyright]: reportAssignmentType
    return shape


if __name__ == "__main__":
    print(make(1.0, (2, 3), "float32", axis=0), describe(x), scaled({"w": x}, 2.0))
    print(sample(jax.random.key(0), (2,)))
