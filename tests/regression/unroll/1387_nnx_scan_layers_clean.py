"""The scan-over-layers version of a deep stack of identical blocks: per-layer parameters are
stacked along a leading axis of size NUM_LAYERS and the forward pass runs `jax.lax.scan` over that
axis, so the trace records one copy of the block regardless of depth.

Source: https://crackedaicode.com/problems/nnx-scan-layers
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

NUM_LAYERS = 96
FEATURES = 8


def make_blocks(seed):
    keys = jax.random.split(jax.random.PRNGKey(seed), NUM_LAYERS)
    kernels = jax.vmap(lambda k: 0.02 * jax.random.normal(k, (FEATURES, FEATURES)))(keys)
    return {"kernel": kernels, "bias": jnp.zeros((NUM_LAYERS, FEATURES))}


@jax.jit
def forward(blocks, x):
    def body(x, block):
        return jax.nn.relu(x @ block["kernel"] + block["bias"]), None

    out, _ = jax.lax.scan(body, x, blocks)
    return out


def run():
    blocks = make_blocks(0)
    forward(blocks, jnp.ones((4, FEATURES)))
    return None


if __name__ == "__main__":
    run()
