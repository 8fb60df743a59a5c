"""A stateful RNG backed by a mutable array ref is passed into jit (clean look-alike).

Source: https://github.com/jax-ml/jax/pull/28845
The "Stateful Randomness in JAX" JEP adds `jax.experimental.random.stateful_rng`,
whose state lives in a mutable ArrayRef: passed as an argument to a jitted
function, its implicit update propagates through the compiled call, so each
call draws new values (unlike a Python attribute updated at trace time).

Observed on jax 0.10.2: runs
"""
import jax
from jax.experimental.random import stateful_rng


@jax.jit
def sample_actions(rng):
    return rng.integers(0, 10, size=5)


def run():
    rng = stateful_rng(123456)
    a = sample_actions(rng)
    b = sample_actions(rng)
    return a + b
