"""NumPyro forum/issue: a user wrapped `jit` in a `gnool_jit` helper that wraps
chosen array arguments in a `HashableArrayWrapper` (hash = int(jnp.sum(x))) so
they can be passed through `static_argnums`. Standalone it works, but once the
model runs under NumPyro's own jit the arrays reaching the static position are
tracers; hashing the wrapper needs a concrete value, so jit reports the static
argument as non-hashable and the model fails to trace.

Source: https://github.com/pyro-ppl/numpyro/issues/1210
Observed on jax 0.10.x: raises ValueError
"""
from functools import partial

import jax
import jax.numpy as jnp
from jax import jit


def some_hash_function(x):
    return int(jnp.sum(x))


class HashableArrayWrapper:
    def __init__(self, val):
        self.val = val

    def __hash__(self):
        return some_hash_function(self.val)

    def __eq__(self, other):
        return isinstance(other, HashableArrayWrapper) and bool(jnp.all(jnp.equal(self.val, other.val)))


def gnool_jit(fun, static_array_argnums=()):
    @partial(jit, static_argnums=static_array_argnums)
    def callee(*args):
        args = list(args)
        for i in static_array_argnums:
            args[i] = args[i].val
        return fun(*args)

    def caller(*args):
        args = list(args)
        for i in static_array_argnums:
            args[i] = HashableArrayWrapper(args[i])
        return callee(*args)

    return caller


@partial(gnool_jit, static_array_argnums=(1,))
def eigval_sum(c_arr, ell):
    return jnp.sum(c_arr * ell)


def model(c_arr, ell):
    return eigval_sum(c_arr, ell * 1.0)  # expect: JAX302


def run():
    potential = jax.jit(model)  # what the MCMC kernel does with the model
    return potential(jnp.ones(4), jnp.arange(4.0))


if __name__ == "__main__":
    run()
