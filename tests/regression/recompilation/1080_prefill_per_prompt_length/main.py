"""Generation whose prefill is compiled for every new prompt length.

Source: https://github.com/huggingface/transformers/issues/29151
What happened: with compiled generation the prefill is recompiled for every new
sequence length; the maintainers note it is "the same problem as we have in TF
and Flax", where users are nudged to pad prompts with ``pad_to_multiple_of``.
Observed on jax 0.10.2: prefill compiled 4 times
"""
import jax

from generate import next_token
from model import init_params


def run():
    params = init_params(jax.random.PRNGKey(0))
    prompts = ["hi", "hello", "hey there", "good morning", "hi"]
    return sum(next_token(params, p) for p in prompts)
