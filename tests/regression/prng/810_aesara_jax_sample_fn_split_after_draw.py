"""aesara: JAX-linked random variable draws from the stored key, then splits it.

Source: https://github.com/aesara-devs/aesara/issues/1344
(aesara, "In JAX random linking splitting should happen before using the key").

The JAX dispatch for aesara's random variables keeps the key in a shared
`rng["jax_state"]`. Its `sample_fn` drew the sample from that key and only
afterwards derived the next state from the same key
(`rng["jax_state"] = jax.random.split(rng_key, num=1)[0]`): the key is used
both for a draw and for the split that produces the next state. "In order to
be internals-agnostic", split first and draw from the fresh subkey. The
compiled graph (aesara emits a `jax.jit`ted function threading the rng dict)
is reduced to a loop of two normal variables.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


def jax_sample_fn_loc_scale(name):
    jax_op = getattr(jax.random, name)

    def sample_fn(rng, size, dtype, *parameters):
        rng_key = rng["jax_state"]
        loc, scale = parameters
        sample = loc + jax_op(rng_key, size, dtype) * scale
        rng["jax_state"] = jax.random.split(rng_key, num=1)[0]  # missed: JAX501,JAX504 (the key lives in a dict entry of a shared-state object mutated across calls)
        return (rng, sample)

    return sample_fn


normal_sample = jax_sample_fn_loc_scale("normal")


@jax.jit
def compiled_graph(rng, mu, sigma):
    rng, x = normal_sample(rng, (4,), jnp.float32, mu, sigma)
    rng, y = normal_sample(rng, (4,), jnp.float32, x, sigma)
    return rng, y


def run():
    rng = {"jax_state": jax.random.PRNGKey(123)}
    outs = []
    for _ in range(3):
        rng, y = compiled_graph(rng, 0.0, 1.0)
        outs.append(y)
    return jnp.stack(outs)
