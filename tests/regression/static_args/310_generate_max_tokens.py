"""Generation length passed as a traced argument to a jitted method.

Source: https://github.com/ml-gde/jaxgarden/pull/22
Review of the text-generation mixin: raw Python ints such as the generation
length cannot be traced and must be listed in static_argnums/static_argnames
(typically through functools.partial); the PR's jitted generate took them as
ordinary arguments.

Observed on jax 0.10.2: raises TypeError
"""
import jax
import jax.numpy as jnp


class GenerationMixin:
    def __init__(self, vocab_size=11, pad_token_id=0):
        self.vocab_size = vocab_size
        self.pad_token_id = pad_token_id
        self._generate_jit = jax.jit(self._generate_impl)

    def logits_fn(self, tokens):
        return jax.nn.one_hot(tokens.sum(-1) % self.vocab_size, self.vocab_size)

    def _generate_impl(self, input_ids, max_new_tokens):
        batch = input_ids.shape[0]
        out = jnp.full((batch, max_new_tokens), self.pad_token_id)  # expect: JAX306,JAX204
        def body(i, carry):
            tokens, out = carry
            nxt = jnp.argmax(self.logits_fn(tokens), -1)
            return jnp.concatenate([tokens[:, 1:], nxt[:, None]], 1), out.at[:, i].set(nxt)
        _, out = jax.lax.fori_loop(0, out.shape[1], body, (input_ids, out))
        return out

    def generate(self, input_ids, max_new_tokens=8):
        return self._generate_jit(input_ids, max_new_tokens)


def run():
    return GenerationMixin().generate(jnp.array([[1, 2, 3], [4, 5, 6]]), 5)
