"""A JAX-learning script trains a small dropout MLP with `jax.jit(train_step,
in_shardings=..., out_shardings=...)` and feeds a key each epoch with
`rng, step_rng = jax.random.split(step_rng)`.  The variable names are confusing (the
per-step key is called `rng` and the carried key `step_rng`), and it looks as if one
key is reused, but the carried key is replaced by a fresh half of the split on every
iteration, so each epoch gets a different dropout key.  Correct look-alike; rebuilt
with a hand-written dropout instead of flax.

Source: https://github.com/YunxiTang/BEATPython/blob/e6d96b6730938afb4712a0e99f9b000838856e06/PythonRobotics/LearningJax/advanced/07_nn_train.py#L116-L122
Observed on jax 0.10.x: 0 of 4 calls
"""
import jax
import jax.numpy as jnp


def train_step(params, batch, rng):
    def loss_fn(p):
        h = jnp.tanh(batch["feat"] @ p["w1"])
        keep = jax.random.bernoulli(rng, 0.8, h.shape)
        h = jnp.where(keep, h / 0.8, 0.0)
        return jnp.mean((h @ p["w2"] - batch["label"]) ** 2), keep

    (loss, keep), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    params = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)
    return loss, params, keep


train_step = jax.jit(train_step)


def run():
    rng_key = jax.random.PRNGKey(0)
    params_key, dropout_key, rng_key = jax.random.split(rng_key, 3)
    k1, k2 = jax.random.split(params_key)
    params = {"w1": jax.random.normal(k1, (5, 16)) * 0.3, "w2": jax.random.normal(k2, (16, 10)) * 0.3}
    batch = {"feat": jnp.ones((32, 5)), "label": jnp.ones((32, 10))}
    masks = []
    step_rng = rng_key
    for epoch in range(5):
        rng, step_rng = jax.random.split(step_rng)
        loss, params, keep = train_step(params, batch, rng)
        masks.append(keep)
    return sum(int(jnp.array_equal(a, b)) for a, b in zip(masks, masks[1:]))
