import jax
import jax.numpy as jnp

_VJP_CACHE = {}


def apply_and_cache(params, inputs):
    """Forward pass that also remembers the backward closure for later vjp calls."""
    out, vjp_fn = jax.vjp(lambda p: jnp.tanh(inputs @ p), params)
    _VJP_CACHE[len(_VJP_CACHE)] = vjp_fn  # expect: JAX104
    return out


def cache_size():
    return len(_VJP_CACHE)
