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


def loss(w: Array, b: float) -> Array:
    return (w * b).sum()


class Model:
    @jax.jit
    def apply(self, x: Array) -> Array:
        return x


jitted_loss = jax.jit(loss)


x = jnp.arange(3.0)
scale(x, 2.0)  # sig: scale( -> scale(x: Array, factor: float) -> Array
scale(x, 2.0).shape  # comp: scale(x, 2.0). -> Array
power(x, 2)  # sig: power( -> power(x: Array, n: int) -> Array
power(x, 2).shape  # comp: power(x, 2). -> Array
repeat(x, 2)  # sig: repeat( -> repeat(x: Array, n: int) -> Array
repeat(x, 2).shape  # comp: repeat(x, 2). -> Array
block(x, 2)  # sig: block( -> block(x: Array, n: int) -> Array
block(x, 2).shape  # comp: block(x, 2). -> Array
jitted_loss(x, 2.0)  # sig: jitted_loss( -> loss(w: Array, b: float) -> Array
jitted_loss(x, 2.0).shape  # comp: jitted_loss(x, 2.0). -> Array
jax.grad(loss)(x, 2.0)  # sig: jax.grad(loss)( -> loss(w: Array, b: float) -> Array
jax.value_and_grad(loss)(x, 2.0)  # sig: jax.value_and_grad(loss)( -> loss(w: Array, b: float) -> Array
jax.pmap(loss)(x, 2.0)  # sig: jax.pmap(loss)( -> loss(w: Array, b: float) -> Array
Model().apply(x)  # sig: Model().apply( -> apply(x: Array) -> Array
