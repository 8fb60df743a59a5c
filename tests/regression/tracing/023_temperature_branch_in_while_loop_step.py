"""`if temperature > 0.0:` in a sampling step run by `lax.while_loop` with a traced kwarg.

Source: https://github.com/Physical-Intelligence/openpi/pull/550
Passing a non-zero sampling temperature to the jitted `sample_actions` failed: the decoding
`step` of a `jax.lax.while_loop` branched in Python on the traced temperature.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


def sample_tokens(rng, logits, temperature=0.0, max_len=4):
    def cond(carry):
        _, _, i = carry
        return i < max_len

    def step(carry):
        rng, tokens, i = carry
        rng, key = jax.random.split(rng)
        if temperature > 0.0:  # expect: JAX201
            token = jax.random.categorical(key, logits / temperature)
        else:
            token = jnp.argmax(logits)
        return rng, tokens.at[i].set(token), i + 1

    _, tokens, _ = jax.lax.while_loop(cond, step, (rng, jnp.zeros(max_len, jnp.int32), 0))
    return tokens


sample_tokens_jit = jax.jit(sample_tokens, static_argnames=("max_len",))


def run():
    return sample_tokens_jit(jax.random.key(0), jnp.zeros(5), temperature=0.7)
