"""Agent loop feeds the jitted model prompts that grow by tool output each turn.

Source: https://runguard.dev/blog/google-gemma-jax-agent-cost-control.html
Blog post on Gemma + JAX agent pipelines: "JAX traces and compiles a new kernel
for each unique input shape. Variable-length tool results produce a unique shape
on every agent step" ("XLA recompilation on every unique sequence length").
Here each turn appends a variable-length tool result to the prompt and the whole
unpadded prompt goes to the jitted forward pass.

Observed on jax 0.10.2: forward compiled 3 times
"""
import jax

from agent import agent_loop
from model import init_params


def run():
    params = init_params(jax.random.PRNGKey(0))
    return len(agent_loop(params, [1, 2, 3, 4], turns=3))
