import jax
import jax.numpy as jnp

NUM_LAYERS = 96
FEATURES = 8


def init_blocks(key):
    keys = jax.random.split(key, NUM_LAYERS)
    return [{"kernel": 0.02 * jax.random.normal(k, (FEATURES, FEATURES)),
             "bias": jnp.zeros((FEATURES,))} for k in keys]


def block(params, x):
    return x + jax.nn.relu(x @ params["kernel"] + params["bias"])


def forward(blocks, x):
    for i in range(NUM_LAYERS):  # expect: JAX407
        x = block(blocks[i], x)
    return x
