"""Rebuilt from https://github.com/eserie/wax-ml/pull/45 ("Renew the PRNG key in the unroll
operations"): a step function applied over time with the same key at every step."""
import jax
import jax.numpy as jnp


def unroll(step, params, xs, rng):
    def body(state, x):
        noise = jax.random.normal(rng, x.shape)  # expect: JAX503
        state = step(params, state, x + noise)
        return state, state

    _, outputs = jax.lax.scan(body, jnp.zeros(()), xs)
    return outputs
