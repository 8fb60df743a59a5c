"""With signatures kept, mypy checks calls of transformed functions like any other call."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def scale(x: jax.Array, n: int) -> jax.Array:
    return x * n


scale("a", "b", "c")  # E: Too many arguments for "scale"  [call-arg]  # E: Argument 1 to "scale" has incompatible type "str"; expected "Array | ndarray[tuple[Any, ...], dtype[Any]] | numpy.bool[builtins.bool] | number[Any, int | float | complex] | builtins.bool | int | float | complex"  [arg-type]  # E: Argument 2 to "scale" has incompatible type "str"; expected "int"  [arg-type]
scale(jnp.ones(2))  # E: Missing positional argument "n" in call to "scale"  [call-arg]
scale(jnp.ones(2), n="2")  # E: Argument "n" to "scale" has incompatible type "str"; expected "int"  [arg-type]
result: str = scale(jnp.ones(2), 2)  # E: Incompatible types in assignment (expression has type "Array", variable has type "str")  [assignment]


@partial(jax.jit, static_argnames="n")
def repeat(x: jax.Array, n: int) -> jax.Array:
    return jnp.tile(x, n)


repeat(jnp.ones(2), m=2)  # E: Unexpected keyword argument "m" for "repeat"  [call-arg]


def loss(w: jax.Array, b: float) -> jax.Array:
    return jnp.sum(w) + b


jax.grad(loss)(jnp.ones(2))  # E: Missing positional argument "b" in call to "loss"  [call-arg]
gradient: float = jax.grad(loss)(jnp.ones(2), 1.0)  # E: Incompatible types in assignment (expression has type "Array", variable has type "float")  [assignment]
value, gradients = jax.value_and_grad(loss, argnums=(0, 1))(jnp.ones(2), 1.0)
gradients.shape  # E: "tuple[Array, Array]" has no attribute "shape"  [attr-defined]
jax.checkpoint(loss)(1, 2, 3)  # E: Too many arguments for "loss"  [call-arg]  # E: Argument 1 to "loss" has incompatible type "int"; expected "Array"  [arg-type]
jax.pmap(loss)(jnp.ones((1, 2)))  # E: Missing positional argument "b" in call to "loss"  [call-arg]
scale.clear_cache(1)  # E: Too many arguments for "clear_cache"  [call-arg]
scale.compile()  # E: "Callable[[Array | ndarray[tuple[Any, ...], dtype[Any]] | numpy.bool[builtins.bool] | number[Any, int | float | complex] | builtins.bool | int | float | complex, int], Array]" has no attribute "compile"  [attr-defined]
jnp.linalg.norm(jnp.ones(3), axis=[0])  # E: Value of type `list[Any]` passed to static parameter `axis` of jitted function `norm` cannot be hashed  [jaxcheck-unhashable-static]
jnp.linalg.norm(jnp.ones(3), 2, 0, False, 5)  # E: Too many arguments for "norm"  [call-arg]
jax.pmap(loss)(jnp.ones((1, 2)), 2.0)  # E: Argument 2 to "loss" has incompatible type "float"; expected "Array | ndarray[Any, Any]"  [arg-type]
