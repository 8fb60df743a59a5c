"""What `jax.jit` and `jax.pmap` take and return. A parameter declared `jax.Array` accepts any
array-like, which jit converts before the call. The result is the function's result with every
leaf a `jax.Array`: the plugin rewrites the declared result's leaves (a Python or NumPy scalar,
an `ArrayLike`, become `Array`) and keeps its containers; a named tuple is rebuilt as its own
class (measured: `jax.jit(advance)(x)` is a `State` whose `scale` is an array), so it keeps its
declared type, which its own annotation accepts; where a union of containers remains
(optax's `Params`, any pytree alias) the result is `Any`, as in jax's own types. `checkpoint`
hands back what the function returns. Every line runs."""

from typing import Any, NamedTuple, Union, reveal_type

import jax
import jax.numpy as jnp
import numpy as np
from jax.typing import ArrayLike

Tree = Union[jax.Array, list["Tree"], dict[str, "Tree"]]


class State(NamedTuple):
    step: jax.Array
    scale: float


def half(x: jax.Array) -> ArrayLike:
    return x / 2


def total(x: jax.Array) -> float:
    return 2.0


def moments(x: jax.Array) -> tuple[np.ndarray, dict[str, float]]:
    return np.ones(2), {"var": 1.0}


def grow(x: jax.Array) -> Tree:
    return {"w": [x, x]}


def advance(x: jax.Array) -> State:
    return State(x, 2.0)


def optional(x: jax.Array, keep: bool) -> jax.Array | None:
    return x if keep else None


x = jnp.arange(3.0)
# A parameter declared `jax.Array` accepts any array-like: jit converts it before the call.
jax.jit(half)(np.ones(3))
jax.jit(half)(2.0)
jax.pmap(half)(np.ones((1, 3)))
reveal_type(jax.jit(half)(x))  # N: Revealed type is "jax._src.basearray.Array"
reveal_type(jax.jit(total)(x))  # N: Revealed type is "jax._src.basearray.Array"
reveal_type(jax.jit(moments)(x))  # N: Revealed type is "tuple[jax._src.basearray.Array, dict[str, jax._src.basearray.Array]]"
reveal_type(jax.jit(grow)(x))  # N: Revealed type is "Any"
jax.jit(grow)(x)["w"][0].shape  # the caller knows which member of `Tree` it gets
reveal_type(jax.jit(advance)(x))  # N: Revealed type is "tuple[jax._src.basearray.Array, float, fallback=pass_jit_results.State]"
state: State = jax.jit(advance)(x)
mapped: State = jax.vmap(advance)(x)
reveal_type(jax.jit(optional, static_argnums=1)(x, True))  # N: Revealed type is "jax._src.basearray.Array | None"
reveal_type(jax.pmap(total)(x[None]))  # N: Revealed type is "jax._src.basearray.Array"
reveal_type(jax.checkpoint(total)(x))  # N: Revealed type is "float"
jax.jit(half)(x).shape
# jax's own jitted functions keep their parameters and result, each parameter typed `Any`: their
# annotations were never held to calls (`norm` declares `ord: int | str | None`; 2.0 runs).
jnp.linalg.norm(x, ord=2.0)
reveal_type(jnp.linalg.norm)  # N: Revealed type is "def (x: Any, ord: Any =, axis: Any =, keepdims: Any =) -> jax._src.basearray.Array"
