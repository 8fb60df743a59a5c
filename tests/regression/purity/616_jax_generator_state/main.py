"""A numpy-style Generator object splits its own key state inside a jitted sampler.

Source: https://github.com/data-apis/array-api/issues/431
In the discussion of a random-number API for the array standard, a
`JaxGenerator` prototype keeps `self.state` and does
`self.state, key = jax.random.split(self.state)` in `uniform()`; the thread
notes that such stateful RNGs are discouraged because transformations like
`jit` do not see the update. Here the generator lives in an rng module and
a jitted function draws from it: the state is advanced once at trace time
and the compiled sampler repeats itself.

Observed on jax 0.10.2: 1 of 3 calls
"""
import jax

from rng import jax_default_rng

rng = jax_default_rng(0)


@jax.jit
def dropout_rate_jitter(base):
    return base + 0.01 * rng.uniform()


def run():
    vals = {float(dropout_rate_jitter(0.1)) for _ in range(3)}
    return len(vals)
