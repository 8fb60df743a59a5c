"""A vectorised wrapper reads a module-level function that is later rebound.

Source: https://github.com/jax-ml/jax/issues/28225
`mock_fn_vec` calls the global `mock_fn` through `jax.vmap`. After
`mock_fn` is rebound to `lambda x: -x` and `jax.jit(mock_fn_vec)` is
created again, the jitted result still uses the old `mock_fn`: the trace
of `mock_fn_vec` is cached on the function object, and the global it read
is baked in. The eager call sees the new function.

Observed on jax 0.10.2: 1 of 2 calls
"""
import jax
import jax.numpy as jnp

vec_input = jnp.array([1, 1])


def mock_fn_vec(x):
    return jax.vmap(mock_fn)(x)  # expect: JAX108


mock_fn = lambda x: x


def run():
    global mock_fn
    mismatches = 0
    mock_fn = lambda x: x
    f = jax.jit(mock_fn_vec)
    mismatches += int(not jnp.array_equal(f(vec_input), mock_fn_vec(vec_input)))
    mock_fn = lambda x: -x
    f = jax.jit(mock_fn_vec)
    mismatches += int(not jnp.array_equal(f(vec_input), mock_fn_vec(vec_input)))
    return mismatches
