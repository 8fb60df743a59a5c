"""The same key seeds a PRNG-sequence object and is then split directly to
build the "expected" keys, so both streams are the same randomness.

Source: https://github.com/google-deepmind/dm-haiku/commit/30527da
"Fix some JAX key reuse issues in haiku tests": ``s =
base.PRNGSequence(k)``; ``hk_keys = s.take(10)``; ``jax_keys =
tuple(jax.random.split(k, num=11)[1:])`` -- ``k`` is consumed by the sequence
and split again; the commit wraps the second use in ``jax.random.clone``.

Observed on jax 0.10.2: 1 of 1 calls
"""
import jax
import jax.numpy as jnp


class PRNGSequence:
    def __init__(self, key):
        self._key = key
        self._subkeys = []

    def reserve(self, num):
        keys = jax.random.split(self._key, num + 1)
        self._key = keys[0]
        self._subkeys.extend(keys[1:])

    def take(self, num):
        self.reserve(num)
        out, self._subkeys = self._subkeys[:num], self._subkeys[num:]
        return tuple(out)


def test_prng_sequence_take():
    k = jax.random.PRNGKey(42)
    s = PRNGSequence(k)
    hk_keys = s.take(10)
    jax_keys = tuple(jax.random.split(k, num=11)[1:])  # expect: JAX501
    same = all(bool(jnp.all(a == b)) for a, b in zip(hk_keys, jax_keys))
    return int(same)


def run():
    return test_prng_sequence_take()
