"""DP-SGD adds noise to every gradient leaf with the same key.

Source: https://github.com/jax-ml/jax/pull/3646
"fix prng key reuse in differential privacy example": the DP-SGD example
privatised the clipped gradients with a lambda applied via tree_map that
sampled `random.normal(rng, n.shape)` for every parameter with one key, so
all same-shaped parameters received identical Gaussian noise. Here the
privatisation helper is applied inside a jitted update for a model with two
hidden layers of equal shape.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp

L2_NORM_CLIP = 1.0
NOISE_MULTIPLIER = 1.1


def privatize(clipped_grads, key, batch_size):
    std_dev = L2_NORM_CLIP * NOISE_MULTIPLIER
    noise_ = lambda g: g + std_dev * jax.random.normal(key, g.shape)  # expect: JAX501,JAX503
    noisy = jax.tree_util.tree_map(noise_, clipped_grads)
    return jax.tree_util.tree_map(lambda g: g / batch_size, noisy)


@jax.jit
def private_update(params, grads, key):
    noisy = privatize(grads, key, 32)
    return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, noisy), noisy


def run():
    params = {"hidden1": jnp.zeros((8, 8)), "hidden2": jnp.zeros((8, 8))}
    grads = jax.tree_util.tree_map(jnp.zeros_like, params)
    key = jax.random.PRNGKey(0)
    same = 0
    for _ in range(3):
        key, step_key = jax.random.split(key)
        params, noisy = private_update(params, grads, step_key)
        same += int(jnp.array_equal(noisy["hidden1"], noisy["hidden2"]))
    return same
