import jax
import jax.numpy as jnp


@jax.jit
def some_func(vec, indices):
    out = jnp.zeros(len(indices))
    for idx, j in enumerate(indices):  # expect: JAX407
        out_j = vec[j]
        out = out.at[idx].set(out_j)
    return out
