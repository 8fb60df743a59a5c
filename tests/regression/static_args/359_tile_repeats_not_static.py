"""A shape-determining argument of a jitted method left out of static_argnames.

Source: https://crackedaicode.com/problems/jax-static-argnames-in-jit
The problem explains that when an argument's value (not just its shape) sets
the output shape, e.g. tiling an array `n` times, plain jax.jit turns `n` into
a tracer and raises a ConcretizationTypeError; the fix is
static_argnames=["n"]. Here a data-augmentation helper jits its repeat method
in __init__ and forgets to mark the repeat count (jnp.repeat is used because
jnp.tile with a traced count raises a TypeError on jax 0.10.2).

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp


class SequenceAugmenter:
    def __init__(self, noise_scale=0.01):
        self.noise_scale = noise_scale
        self._repeat = jax.jit(self.repeat_with_noise)

    def repeat_with_noise(self, seq, num_repeats, key):
        tiled = jnp.repeat(seq[None, :], num_repeats, axis=0).reshape(-1)  # expect: JAX306,JAX204
        return tiled + self.noise_scale * jax.random.normal(key, tiled.shape)

    def __call__(self, seq, num_repeats, key):
        return self._repeat(seq, num_repeats, key)


def run():
    aug = SequenceAugmenter()
    return aug(jnp.arange(4.0), 3, jax.random.PRNGKey(0))
