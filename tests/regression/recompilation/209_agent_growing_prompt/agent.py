import jax.numpy as jnp

from model import forward
from tools import run_tool


def next_token(params, prompt):
    tokens = jnp.asarray(prompt, dtype=jnp.int32)
    mask = jnp.ones(tokens.shape[0])
    logits = forward(params, tokens, mask)  # expect: JAX404
    return int(jnp.argmax(logits[-1]))


def agent_loop(params, system_prompt, turns):
    prompt = list(system_prompt)
    for turn in range(turns):
        prompt.append(next_token(params, prompt))
        prompt.extend(run_tool("search", turn))
    return prompt
