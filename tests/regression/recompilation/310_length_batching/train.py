import jax
import jax.numpy as jnp


def init_params(key, vocab=21, dim=8):
    k1, k2 = jax.random.split(key)
    return {"emb": jax.random.normal(k1, (vocab, dim)) * 0.1,
            "out": jax.random.normal(k2, (dim, vocab)) * 0.1}


def loss_fn(params, batch):
    h = params["emb"][batch[:, :-1]]
    logits = jnp.cumsum(h, 1) @ params["out"]
    labels = jax.nn.one_hot(batch[:, 1:], logits.shape[-1])
    mask = (batch[:, 1:] > 0)[..., None]
    return -jnp.sum(mask * labels * jax.nn.log_softmax(logits)) / jnp.maximum(mask.sum(), 1)


@jax.jit
def step(params, batch):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    return jax.tree_util.tree_map(lambda p, g: p - 0.05 * g, params, grads), loss
