"""The same GPT's `generate_static`: instead of feeding the jitted forward a window that grows one
token per step, the prompt is right-padded with zeros to exactly max_len (or cut to the last
max_len tokens) and the logits are read at `len(inputs) - 1`. The jitted forward therefore always
sees an int32 array of shape (max_len,) and compiles once for the whole decode loop.

Source: https://github.com/cwhy/rwkv-decon/blob/9bb3045b821de70b9ccd64965a88421d5fd3fc02/gpt.py#L510
Observed on jax 0.10.x: gpt_f compiled 1 times
"""
from functools import partial
from typing import Callable

import jax
import jax.numpy as jnp

Arr = jax.Array


def gpt_f(weights, x):
    h = weights['wte'][x] + weights['wpe'][jnp.arange(x.shape[0])]
    return h @ weights['wte'].T


def generate_static(get_logits: Callable[[Arr], Arr], inputs: list, n_tokens_to_generate: int, max_len: int):
    for _ in range(n_tokens_to_generate):  # auto-regressive decode loop
        if len(inputs) >= max_len:
            input_window = inputs[-max_len:]  # update input window
        else:
            input_window = inputs + [0] * (max_len - len(inputs))
        output_index = len(inputs) - 1
        logits = get_logits(jnp.array(input_window))
        next_id = jnp.argmax(logits[output_index])  # greedy sampling
        inputs.append(int(next_id))  # append prediction to input

    return inputs[len(inputs) - n_tokens_to_generate:]  # only return generated ids


def run():
    k1, k2 = jax.random.split(jax.random.PRNGKey(0))
    weights = {'wte': jax.random.normal(k1, (11, 16)), 'wpe': jax.random.normal(k2, (8, 16))}
    generate_f = jax.jit(partial(gpt_f, weights))
    generate_static(generate_f, [0], n_tokens_to_generate=10, max_len=8)
    return 0
