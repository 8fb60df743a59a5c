"""pmap, checkpoint/remat and custom_jvp/custom_vjp keep the function's signature too."""

from functools import partial
from typing import reveal_type

import jax
import jax.numpy as jnp
import numpy as np


def affine(x: jax.Array, w: float, b: float = 0.0) -> jax.Array:
    return x * w + b


mapped = jax.pmap(affine)
reveal_type(mapped)  # N: Revealed type is "def (x: jax._src.basearray.Array | numpy.ndarray[Any, Any], w: jax._src.basearray.Array | numpy.ndarray[Any, Any], b: jax._src.basearray.Array | numpy.ndarray[Any, Any] =) -> jax._src.basearray.Array"
reveal_type(mapped(jnp.ones((1, 3)), jnp.ones(1)))  # N: Revealed type is "jax._src.basearray.Array"
reveal_type(mapped.lower)  # N: Revealed type is "Any"

broadcast = jax.pmap(affine, static_broadcasted_argnums=2)
reveal_type(broadcast(jnp.ones((1, 3)), jnp.ones(1), 1.0))  # N: Revealed type is "jax._src.basearray.Array"

checkpointed = jax.checkpoint(affine)
reveal_type(checkpointed)  # N: Revealed type is "def (x: jax._src.basearray.Array, w: float, b: float =) -> jax._src.basearray.Array"
reveal_type(checkpointed(jnp.ones(3), 2.0))  # N: Revealed type is "jax._src.basearray.Array"
reveal_type(jax.remat(affine, static_argnums=(1,)))  # N: Revealed type is "def (x: jax._src.basearray.Array, w: float, b: float =) -> jax._src.basearray.Array"


@jax.checkpoint
def layer(x: jax.Array) -> jax.Array:
    return jnp.sin(x)


reveal_type(layer)  # N: Revealed type is "def (x: jax._src.basearray.Array) -> jax._src.basearray.Array"
reveal_type(jax.grad(lambda x: layer(x).sum())(jnp.ones(2)))  # N: Revealed type is "Any"


@jax.custom_jvp
def softplus(x: jax.Array) -> jax.Array:
    return jnp.logaddexp(x, 0.0)


@softplus.defjvp
def softplus_jvp(
    primals: tuple[jax.Array], tangents: tuple[jax.Array]
) -> tuple[jax.Array, jax.Array]:
    (x,), (t,) = primals, tangents
    return softplus(x), t * jax.nn.sigmoid(x)


reveal_type(softplus)  # N: Revealed type is "def (x: jax._src.basearray.Array) -> jax._src.basearray.Array"
reveal_type(softplus(jnp.ones(2)))  # N: Revealed type is "jax._src.basearray.Array"
reveal_type(softplus.defjvp)  # N: Revealed type is "def (jvp: def (*Any, **Any) -> tuple[jax._src.basearray.Array, jax._src.basearray.Array], symbolic_zeros: bool =) -> def (*Any, **Any) -> tuple[jax._src.basearray.Array, jax._src.basearray.Array]"


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_gradient(x: jax.Array, bound: float) -> jax.Array:
    return x


def clip_forward(x: jax.Array, bound: float) -> tuple[jax.Array, None]:
    return x, None


def clip_backward(bound: float, residuals: None, g: jax.Array) -> tuple[jax.Array]:
    return (jnp.clip(g, -bound, bound),)


clip_gradient.defvjp(clip_forward, clip_backward)
reveal_type(clip_gradient)  # N: Revealed type is "def (x: jax._src.basearray.Array, bound: float) -> jax._src.basearray.Array"
reveal_type(clip_gradient(jnp.ones(2), 1.0))  # N: Revealed type is "jax._src.basearray.Array"
reveal_type(jax.grad(lambda x: clip_gradient(x, 0.5).sum())(jnp.ones(2)))  # N: Revealed type is "Any"

batched = jax.vmap(affine, in_axes=(0, None, None))
reveal_type(batched)  # N: Revealed type is "def (x: jax._src.basearray.Array, w: float, b: float =) -> jax._src.basearray.Array"
reveal_type(jax.jit(batched)(jnp.ones((2, 3)), 2.0, 1.0))  # N: Revealed type is "jax._src.basearray.Array"

only_first = jax.pmap(affine, in_axes=(0, None, None))
reveal_type(only_first)  # N: Revealed type is "def (x: jax._src.basearray.Array | numpy.ndarray[Any, Any], w: float, b: float =) -> jax._src.basearray.Array"
reveal_type(only_first(jnp.ones((1, 3)), 2.0, 1.0))  # N: Revealed type is "jax._src.basearray.Array"


def count(x: jax.Array, n: int) -> int:
    return n


reveal_type(jax.pmap(count))  # N: Revealed type is "def (x: jax._src.basearray.Array | numpy.ndarray[Any, Any], n: jax._src.basearray.Array | numpy.ndarray[Any, Any]) -> jax._src.basearray.Array"
# A mapped argument needs an axis to map: an array, NumPy's too; a scalar only where unmapped.
jax.pmap(affine)(jnp.ones((1, 2)), np.ones(1))
jax.pmap(affine, in_axes=(0, None))(jnp.ones((1, 2)), 2.0)
jax.pmap(affine, static_broadcasted_argnums=1)(jnp.ones((1, 2)), 2.0)
