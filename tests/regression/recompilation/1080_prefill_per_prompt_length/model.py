import jax
import jax.numpy as jnp

VOCAB, DIM = 32, 8


def init_params(key):
    k1, k2 = jax.random.split(key)
    return {"embed": jax.random.normal(k1, (VOCAB, DIM)), "out": jax.random.normal(k2, (DIM, VOCAB))}


@jax.jit
def prefill(params, input_ids):
    h = params["embed"][input_ids]
    h = jnp.cumsum(h, axis=1) / (1 + jnp.arange(input_ids.shape[1]))[None, :, None]
    return h[:, -1] @ params["out"]
