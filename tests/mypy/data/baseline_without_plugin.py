# plugin: off
"""What mypy says without the plugin, on the same code as the other data files: signatures
are lost through jit, grad results are Any, and invalid static arguments pass."""

from functools import partial
from typing import reveal_type

import jax
import jax.numpy as jnp


@jax.jit
def scale(x: jax.Array, n: int) -> jax.Array:
    return x * n


reveal_type(scale)  # N: Revealed type is "jax._src.pjit.JitWrapped"
reveal_type(scale(jnp.ones(3), 2))  # N: Revealed type is "Any"
scale("a", "b", "c")
scale.clear_cache()  # E: "JitWrapped" has no attribute "clear_cache"  [attr-defined]


def loss(w: jax.Array, b: float) -> jax.Array:
    return jnp.sum(w) + b


reveal_type(jax.grad(loss))  # N: Revealed type is "def (*Any, **Any) -> Any"
reveal_type(jax.grad(loss)(jnp.ones(2), 1.0))  # N: Revealed type is "Any"
reveal_type(jax.value_and_grad(loss))  # N: Revealed type is "def (*Any, **Any) -> tuple[Any, Any]"
reveal_type(jax.vmap(loss))  # N: Revealed type is "def (w: jax._src.basearray.Array, b: float) -> jax._src.basearray.Array"
reveal_type(partial(jax.jit, static_argnums=(1,)))  # N: Revealed type is "functools.partial[jax._src.pjit.JitWrapped]"
reveal_type(partial(jax.jit, static_argnums=(1,))(loss))  # N: Revealed type is "jax._src.pjit.JitWrapped"


@jax.jit(static_argnames="n")
def repeat(x: jax.Array, n: int) -> jax.Array:
    return jnp.tile(x, n)


reveal_type(repeat)  # N: Revealed type is "jax._src.pjit.JitWrapped"
jax.jit(loss, static_argnums=5, static_argnames="nope")
jax.jit(loss, static_argnames="b", donate_argnames="b")


@partial(jax.jit, static_argnames="sizes")
def configured(x: jax.Array, sizes: list[int]) -> jax.Array:
    return x


configured(jnp.ones(2), [1, 2])
reveal_type(jax.pmap(loss))  # N: Revealed type is "Any"
reveal_type(jax.checkpoint(loss))  # N: Revealed type is "def (*Any, **Any) -> Any"
reveal_type(jax.remat(loss))  # N: Revealed type is "def (*Any, **Any) -> Any"
reveal_type(jax.custom_jvp(loss))  # N: Revealed type is "jax._src.custom_derivatives.custom_jvp[jax._src.basearray.Array]"
reveal_type(jax.jacfwd(loss))  # N: Revealed type is "def (*Any, **Any) -> Any"
reveal_type(jax.hessian(loss))  # N: Revealed type is "def (*Any, **Any) -> Any"
