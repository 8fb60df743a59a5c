import jax.numpy as jnp

from model import forward
from tools import run_tool

MAX_LEN = 64


def next_token(params, prompt):
    n = len(prompt)
    tokens = jnp.zeros(MAX_LEN, jnp.int32).at[:n].set(jnp.asarray(prompt, jnp.int32))
    mask = (jnp.arange(MAX_LEN) < n).astype(jnp.float32)
    logits = forward(params, tokens, mask)
    return int(jnp.argmax(logits[n - 1]))


def agent_loop(params, system_prompt, turns):
    prompt = list(system_prompt)
    for turn in range(turns):
        prompt.append(next_token(params, prompt))
        prompt.extend(run_tool("search", turn))
    return prompt
