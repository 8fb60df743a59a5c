import jax
import jax.numpy as jnp

VOCAB = 64
HIDDEN = 32


def init_params(key):
    k1, k2, k3 = jax.random.split(key, 3)
    return {"embed": jax.random.normal(k1, (VOCAB, HIDDEN)) * 0.1,
            "attn": jax.random.normal(k2, (HIDDEN, HIDDEN)) * 0.1,
            "lm_head": jax.random.normal(k3, (HIDDEN, VOCAB)) * 0.1}


@jax.jit
def model_apply(params, input_ids):
    h = params["embed"][input_ids]                          # (B, T, H)
    scores = jnp.einsum("bth,bsh->bts", h @ params["attn"], h)
    mask = jnp.tril(jnp.ones((input_ids.shape[1], input_ids.shape[1]), bool))
    scores = jnp.where(mask, scores, -1e9)
    h = jax.nn.softmax(scores, -1) @ h
    return h @ params["lm_head"]                            # (B, T, V)
