"""Per-step randomness derived with `jax.random.fold_in(base_key, step)`, the pattern the
jax.random.fold_in documentation describes: the base key is shared on purpose by every step
and never drawn from directly, and each step folds in its own step number, so dropout masks
differ across steps while remaining reproducible for a given step.

Source: https://docs.jax.dev/en/latest/_autosummary/jax.random.fold_in.html
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp


def dropout(key, x, rate=0.5):
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


@jax.jit
def train_step(params, batch, base_key, step):
    step_key = jax.random.fold_in(base_key, step)

    def loss_fn(p):
        h = dropout(step_key, jnp.tanh(batch @ p))
        return jnp.mean(h ** 2)

    grads = jax.grad(loss_fn)(params)
    return params - 0.01 * grads


def run():
    base_key = jax.random.PRNGKey(0)
    params = jnp.ones((4, 4))
    batch = jnp.ones((8, 4))
    for step in range(5):
        params = train_step(params, batch, base_key, step)
    return params
