import jax
import jax.numpy as jnp

from probes import record


def joint_transformer(params, x):
    for i, w in enumerate(params):
        x = jax.nn.gelu(x @ w)
        if i == 1:
            x = record("layer_11", x)
    return x


@jax.jit
def finetune_step(params, x):
    out = joint_transformer(params, x)
    return jnp.mean(out ** 2)
