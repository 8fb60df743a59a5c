"""After the fix in TLM's generate.py, `generate_step` lists the model's `apply_fn` in
static_argnames and draws with a temperature-scaled categorical. The bound method
`model.apply` stored once in the train state hashes and compares equal on every call,
the temperature stays a traced float and `t` a traced index, so the 6-step generation
loop compiles the step once.

Source: https://github.com/inkbytefo/TLM/blob/d873165b6a06d558a82640bb607b5a8cae8c2870/generate.py#L16
Observed on jax 0.10.x: generate_step compiled 1 times
"""
import functools
from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp


class SpectralGPT:
    def __init__(self, vocab_size=32, hidden_dim=16):
        self.vocab_size, self.hidden_dim = vocab_size, hidden_dim

    def init(self, rng, dummy_input):
        k1, k2 = jax.random.split(rng)
        return {'params': {'embed': jax.random.normal(k1, (self.vocab_size, self.hidden_dim)) * 0.1,
                           'head': jax.random.normal(k2, (self.hidden_dim, self.vocab_size)) * 0.1}}

    def apply(self, variables, x, train=False):
        p = variables['params']
        return jnp.cumsum(p['embed'][x], axis=1) @ p['head']


class TrainState(NamedTuple):
    apply_fn: Callable
    params: Any


@functools.partial(jax.jit, static_argnames=['apply_fn'])
def generate_step(params, apply_fn, curr_seq, t, rng, temperature=1.0, top_k=0):
    """Single step generation with Sampling (Temperature + Random)."""
    logits = apply_fn({'params': params}, curr_seq, train=False)
    next_token_logits = logits[:, t - 1, :] / temperature
    next_token = jax.random.categorical(rng, next_token_logits, axis=-1)
    next_seq = curr_seq.at[:, t].set(next_token)
    return next_seq


def generate(state, prompt, rng, max_new_tokens=100, temperature=0.8, max_len=2048):
    B, P = prompt.shape
    curr_seq = jnp.zeros((B, max_len), dtype=jnp.int32)
    curr_seq = curr_seq.at[:, :P].set(prompt)
    for i in range(max_new_tokens):
        t = P + i
        if t >= max_len:
            break
        # Her adimda yeni bir RNG key uret
        rng, step_rng = jax.random.split(rng)
        curr_seq = generate_step(state.params, state.apply_fn, curr_seq, t, step_rng, temperature)
    return curr_seq[:, :P + max_new_tokens]


def run():
    rng = jax.random.PRNGKey(0)
    rng, init_rng = jax.random.split(rng)
    model = SpectralGPT()
    params = model.init(init_rng, jnp.zeros((1, 16), dtype=jnp.int32))['params']
    state = TrainState(apply_fn=model.apply, params=params)
    prompt = jnp.array([[1, 2, 3, 4]], dtype=jnp.int32)
    out = generate(state, prompt, rng, max_new_tokens=6, temperature=0.8, max_len=16)
    return int(out.shape[1])


if __name__ == "__main__":
    print(run())
