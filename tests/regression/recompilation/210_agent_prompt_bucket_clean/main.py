"""Agent loop pads every prompt to one fixed length before the jitted model.

Source: https://openillumi.com/en/en-jax-jit-recompile-dynamic-shape-fix
The write-up's recommended workaround for shape-driven recompilation: "padding
input arrays to a uniform, maximum shape" (with a mask), since shape is part of
the jit cache key. Same agent as the hazard, with prompts padded to MAX_LEN.

Observed on jax 0.10.2: forward compiled 1 time
"""
import jax

from agent import agent_loop
from model import init_params


def run():
    params = init_params(jax.random.PRNGKey(0))
    return len(agent_loop(params, [1, 2, 3, 4], turns=3))
