"""`jnp.repeat(kv, n_rep, axis=1)` with the repeat count passed as a traced argument.

Source: https://github.com/AakashKumarNain/mistral_jax/issues/1
The KV-cache helper repeats keys and values per head group; the repeat count sets the output
size, so it must be static under `jit`.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax
import jax.numpy as jnp


def repeat_kv(keys, n_rep):
    return jnp.repeat(keys, n_rep, axis=1)  # expect: JAX204


repeat_kv_jit = jax.jit(repeat_kv)


def run():
    return repeat_kv_jit(jnp.ones((4, 2, 8)), 2)
