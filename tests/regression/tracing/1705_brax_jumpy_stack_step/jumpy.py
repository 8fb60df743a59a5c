"""A cut-down copy of brax's old `jumpy` shim: numpy when called eagerly, jax otherwise."""
import numpy as onp
import jax.numpy as jnp


def _in_jit(*args):
    # jumpy decided which backend to use by checking the *leading* argument type;
    # python lists of arrays slipped through as "numpy"
    return any(isinstance(a, jnp.ndarray) for a in args)


def stack(x, axis=0):
    if _in_jit(x):
        return jnp.stack(x, axis=axis)
    return onp.stack(x, axis=axis)  # expect: JAX203


def norm(x):
    return jnp.linalg.norm(x) if _in_jit(x) else onp.linalg.norm(x)
