"""Greedy decoding for a small GPT written in pure JAX. The forward pass is jitted once
(`jax.jit(partial(model.f, weights))`), then `generate` feeds it `jnp.array(input_window)` where
`input_window = inputs[-max_len:]` grows by one token per step until it reaches max_len. Every
new window length is a new input shape, so the jitted forward is retraced and recompiled on each
of the first max_len decoding steps (the author later replaced it by `generate_static`, which
pads the window to max_len).

Source: https://github.com/cwhy/rwkv-decon/blob/6602af1050ac4759d7c10699e27ca612f67f5789/gpt.py#L487
Observed on jax 0.10.x: gpt_f compiled 5 times
"""
from functools import partial
from typing import Callable

import jax
import jax.numpy as jnp

Arr = jax.Array


def gpt_f(weights, x):
    h = weights['wte'][x] + weights['wpe'][jnp.arange(x.shape[0])]
    return h @ weights['wte'].T


def generate(get_logits: Callable[[Arr], Arr], inputs: list, n_tokens_to_generate: int, max_len: int):
    input_window = inputs
    for _ in range(n_tokens_to_generate):  # auto-regressive decode loop
        logits = get_logits(jnp.array(input_window))  # expect: JAX404
        next_id = jnp.argmax(logits[-1])  # greedy sampling
        inputs.append(int(next_id))  # append prediction to input
        input_window = inputs[-max_len:]  # update input window

    return inputs[len(inputs) - n_tokens_to_generate:]  # only return generated ids


def run():
    k1, k2 = jax.random.split(jax.random.PRNGKey(0))
    weights = {'wte': jax.random.normal(k1, (11, 16)), 'wpe': jax.random.normal(k2, (8, 16))}
    generate_f = jax.jit(partial(gpt_f, weights))
    generate(generate_f, [0], n_tokens_to_generate=5, max_len=8)
    return 0
