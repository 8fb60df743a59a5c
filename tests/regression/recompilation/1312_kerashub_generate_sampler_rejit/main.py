"""keras-nlp's `GPT2CausalLM.generate()` recompiled on every call: the sampler object was
re-created from its string name on each `generate()`, and inside the sampler `sample()`
was explicitly wrapped in a fresh `jit` on each call, closing over the Python `next`
function.  A jitted function built anew each time never hits the cache, so 25 identical
`generate()` calls cost 225 s instead of 52 s.

Source: https://github.com/keras-team/keras-hub/issues/779
Observed on jax 0.10.x: sample compiled 3 times
"""
import jax
import jax.numpy as jnp

import samplers

VOCAB = 32
MAX_LENGTH = 16


class GPT2CausalLM:
    def __init__(self, key):
        self.embedding = jax.random.normal(key, (VOCAB, 8))
        self.head = jax.random.normal(jax.random.fold_in(key, 1), (8, VOCAB))

    def _next(self, prompt, i):
        h = jnp.take(self.embedding, prompt[:, i - 1], axis=0)
        return h @ self.head

    def generate(self, prompt, sampler="greedy"):
        sampler = samplers.get(sampler)
        index = jnp.array(2)
        return sampler(self._next, prompt, index)


def run():
    lm = GPT2CausalLM(jax.random.PRNGKey(0))
    prompt = jnp.zeros((2, MAX_LENGTH), jnp.int32).at[:, 0].set(jnp.array([3, 7]))
    out = None
    for _ in range(3):
        out = lm.generate(prompt, sampler="greedy")
    return out
