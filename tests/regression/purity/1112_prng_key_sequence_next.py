"""A PRNGKeySequence helper advanced with next() inside a jitted function.

Source: https://github.com/jax-ml/jax/pull/1133

The PR proposed a ``PRNGKeySequence`` helper (originally Haiku's
``PRNGSequence``) whose ``next_key`` does ``self._key, subkey = split(self._key)``.
mattjj declined it: the helper "relies on Python side effects for correct
behavior", which break at ``jit`` boundaries. Drawn inside a jitted function,
the split runs once while tracing, the subkey becomes a constant of the compiled
program (and the sequence keeps a tracer as its state). Here a jitted
augmentation step pulls its noise key from a module-level sequence; four calls
return the same jitter.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.random import PRNGKey, split


class PRNGKeySequence(object):
    """A simple wrapper class for the PRNG split functionality."""

    def __init__(self, key=None):
        self._key = PRNGKey(0) if key is None else key

    def next_key(self):
        self._key, subkey = split(self._key)  # expect: JAX105
        return subkey

    def __iter__(self):
        return self

    def __next__(self):
        return self.next_key()


rng_seq = PRNGKeySequence(PRNGKey(42))


@jax.jit
def augment(images):
    noise = 0.05 * jax.random.normal(next(rng_seq), images.shape)  # expect: JAX107
    return jnp.clip(images + noise, 0.0, 1.0)


def run():
    images = jnp.full((2, 4, 4), 0.5)
    first = np.asarray(augment(images))
    return sum(int(np.array_equal(first, np.asarray(augment(images)))) for _ in range(3))
