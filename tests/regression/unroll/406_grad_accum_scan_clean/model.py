import jax
import jax.numpy as jnp


def init(key, cfg):
    k1, k2 = jax.random.split(key)
    return {"emb": jax.random.normal(k1, (cfg.vocab, cfg.d_model)) * 0.02,
            "out": jax.random.normal(k2, (cfg.d_model, cfg.vocab)) * 0.02}


def loss_fn(params, tokens):
    h = jnp.cumsum(params["emb"][tokens[:, :-1]], 1)
    logits = h @ params["out"]
    labels = jax.nn.one_hot(tokens[:, 1:], logits.shape[-1])
    return -jnp.mean(jnp.sum(labels * jax.nn.log_softmax(logits), -1))
