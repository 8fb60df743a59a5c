"""A helper hands back the key it just consumed as "the new key".

Source: https://theneuralbase.com/jax/learn/intermediate/jax-random-prngkey/
What happened: the tutorial says "you provide a key and get back both a random
sample and a new key"; a helper written that way that returns the consumed key
unchanged makes the caller's loop repeat the same draw.
run() returns how many later iterations repeat the first iteration's sample.
Observed on jax 0.10.2: 3 of 4 calls
"""
import jax
import jax.numpy as jnp

from sampler import sample_normal


def run():
    key = jax.random.PRNGKey(42)
    first, key = sample_normal(key, (3,))
    same = 0
    for _ in range(3):
        draw, key = sample_normal(key, (3,))
        if bool(jnp.all(draw == first)):
            same += 1
    return same
