"""numpyro's `seed` handler keeps its PRNG key as mutable state and splits it at every
sample site. A user wrapped a model with `seed(model, rng_seed=0)` and jit-compiled the
handler instance directly to draw repeated prior samples. The key update (and the handler
stack push/pop) happen only during tracing, so every call of the compiled function
returns the same draws. The maintainers added a note that seed handler instances cannot be
jitted directly (the key has to be an argument of the jitted function instead).

Source: https://github.com/pyro-ppl/numpyro/pull/1759
Observed on jax 0.10.x: 2 of 3 calls
"""
import jax
import jax.numpy as jnp

from .handlers import seed
from .model import get_random_value


def run():
    x = jnp.ones((4, 3))
    seeded = jax.jit(seed(get_random_value, rng_seed=0))
    draws = [seeded(x) for _ in range(3)]
    # how many later calls repeat the first draw exactly
    return sum(bool(jnp.array_equal(d, draws[0])) for d in draws[1:])
