"""argnums and has_aux that JAX would reject when the gradient is computed."""

import jax
import jax.numpy as jnp


def loss(w: jax.Array, b: float) -> jax.Array:
    return jnp.sum(w) + b


jax.grad(loss, argnums=2)  # E: `argnums` of differentiated function `loss` names position 2, but it takes 2 positional argument(s)  [jaxcheck-argnums]
jax.value_and_grad(loss, argnums=(0, 5))  # E: `argnums` of differentiated function `loss` names position 5, but it takes 2 positional argument(s)  [jaxcheck-argnums]
jax.jacrev(loss, argnums=-3)  # E: `argnums` of differentiated function `loss` names position -3, but it takes 2 positional argument(s)  [jaxcheck-argnums]
jax.grad(loss, has_aux=True)  # E: `jax.grad` with `has_aux=True` needs `loss` to return a pair (value, aux), but it returns `Array`  [jaxcheck-has-aux]
jax.value_and_grad(loss, has_aux=True)  # E: `jax.value_and_grad` with `has_aux=True` needs `loss` to return a pair (value, aux), but it returns `Array`  [jaxcheck-has-aux]
jax.hessian(loss, argnums=3, has_aux=True)  # E: `argnums` of differentiated function `loss` names position 3, but it takes 2 positional argument(s)  [jaxcheck-argnums]  # E: `jax.hessian` with `has_aux=True` needs `loss` to return a pair (value, aux), but it returns `Array`  [jaxcheck-has-aux]


def variadic(*xs: jax.Array) -> jax.Array:
    return xs[0]


jax.grad(variadic, argnums=3)


def scaled(w: jax.Array, scale: jax.Array) -> jax.Array:
    return jnp.sum(w) * scale


# Only the differentiated arguments become tracers; the others reach the function as they are.
jax.grad(scaled)(1.0, 2.0)  # E: Argument 2 to "scaled" has incompatible type "float"; expected "Array"  [arg-type]
jax.grad(scaled, argnums=1)(1.0, 2.0)  # E: Argument 1 to "scaled" has incompatible type "float"; expected "Array"  [arg-type]


# jax differentiates the arguments passed by position: every one up to the last differentiated
# one must be passed so (jax 0.10.2 and 0.4.30 raise TypeError, ValueError for the Jacobians).
def product(x: jax.Array, y: float) -> jax.Array:
    return x * y


jax.grad(product)(x=1.0, y=3.0)  # E: Unexpected keyword argument "x" for "product"  [call-arg]
jax.grad(product, argnums=1)(jnp.ones(()), y=3.0)  # E: Unexpected keyword argument "y" for "product"  [call-arg]
jax.jacfwd(product)(x=jnp.ones(2), y=3.0)  # E: Unexpected keyword argument "x" for "product"  [call-arg]
jax.grad(product)(1.0, y=3.0)
