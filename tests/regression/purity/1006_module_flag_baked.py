"""A module-level sampling flag is read inside jit and then changed at runtime.

Source: https://github.com/jax-ml/jax/issues/40609
What happened: changing jax_high_dynamic_range_gumbel after a gumbel sampler
had been jitted did not affect the compiled callable; it kept the mode active
at its first compilation. User code that reads its own module flag inside a
jitted sampler has the same stale-value behaviour.
run() returns how many calls after flipping the flag still give the old output.
Observed on jax 0.10.2: 2 of 3 calls
"""
import jax
import jax.numpy as jnp

HIGH_DYNAMIC_RANGE = False


@jax.jit
def gumbel_noise(key):
    u = jax.random.uniform(key, (4,), minval=1e-6, maxval=1.0)
    if HIGH_DYNAMIC_RANGE:  # expect: JAX108
        return -jnp.log(-jnp.log1p(-(1.0 - u)))
    return -jnp.log(-jnp.log(u)) * 0.5


def run():
    global HIGH_DYNAMIC_RANGE
    key = jax.random.PRNGKey(0)
    low = gumbel_noise(key)
    HIGH_DYNAMIC_RANGE = True
    stale = 0
    for _ in range(2):
        if bool(jnp.all(gumbel_noise(key) == low)):
            stale += 1
    HIGH_DYNAMIC_RANGE = False
    return stale
