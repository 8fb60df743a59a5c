"""A tutorial on stacking transformer-style blocks: the naive model applies N identical residual
blocks with a Python `for _ in range(N)` loop inside the jitted forward pass. Every iteration adds
a full copy of the block to the trace, so for deep models (N=96, GPT-3 scale) trace time and binary
size blow up; the recommended fix scans over a stacked (N, in, out) parameter tensor.

Source: https://crackedaicode.com/problems/flax-nn-scan-layers
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from model import FEATURES, forward, init_blocks


@jax.jit
def apply_model(blocks, x):
    return forward(blocks, x)


def run():
    blocks = init_blocks(jax.random.PRNGKey(0))
    apply_model(blocks, jnp.ones((4, FEATURES)))
    return None


if __name__ == "__main__":
    run()
