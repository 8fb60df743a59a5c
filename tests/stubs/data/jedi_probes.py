"""Editor probes for jedi: `# sig: <text>` asks for signature help right after <text>,
`# comp: <text>` for completion right after it; `->` gives what jedi must answer with the stubs
(a signature, or the class whose members the completion must offer)."""

from functools import partial

import jax
import jax.numpy as jnp
from jax import Array


@jax.jit
def scale(x: Array, factor: float) -> Array:
    return x * factor


@jax.jit(static_argnums=1)
def power(x: Array, n: int) -> Array:
    return x**n


@partial(jax.jit, static_argnums=1)
def repeat(x: Array, n: int) -> Array:
    return jnp.tile(x, n)


@jax.checkpoint
def block(x: Array, n: int) -> Array:
    return x * n


x = jnp.arange(3.0)
scale(x, 2.0)  # sig: scale( -> scale(x: Array, factor: float) -> Array
scale(x, 2.0).shape  # comp: scale(x, 2.0). -> Array
scale.lower(x, 2.0)  # comp: scale. -> JitWrapped
power(x, 2)  # sig: power( -> power(x: Array, n: int) -> Array
power(x, 2).shape  # comp: power(x, 2). -> Array
repeat(x, 2)  # sig: repeat( -> repeat(x: Array, n: int) -> Array
repeat(x, 2).shape  # comp: repeat(x, 2). -> Array
block(x, 2)  # sig: block( -> block(x: Array, n: int) -> Array
block(x, 2).shape  # comp: block(x, 2). -> Array
