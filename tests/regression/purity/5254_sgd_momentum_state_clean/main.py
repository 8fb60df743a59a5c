"""ML-in-JAX (a learner's MLP-from-scratch repo) keeps the momentum buffers of SGD outside
the jitted step but never mutates them there: sgd_momentum takes the velocity list as an
argument and returns a new one, and the MNIST loop rebinds both. Clean look-alike of
optimizer state kept across jitted calls.

Source: https://github.com/WilliamZhang20/ML-in-JAX/blob/01664b06c91a78b20d82522bc438f9fc669c1819/optimized_sgd.py#L16
Observed on jax 0.10.x: 0 of 3 calls
"""
import jax.numpy as jnp
from jax import random

from optimized_sgd import sgd_momentum


def random_layer_params(m, n, key, scale=1e-2):
    w_key, b_key = random.split(key)
    return scale * random.normal(w_key, (n, m)), scale * random.normal(b_key, (n,))


def init_network_params(sizes, key):
    keys = random.split(key, len(sizes))
    return [random_layer_params(m, n, k) for m, n, k in zip(sizes[:-1], sizes[1:], keys)]


def run():
    layer_sizes = [6, 8, 3]
    params = init_network_params(layer_sizes, random.key(0))
    velocities = [(jnp.zeros_like(w), jnp.zeros_like(b)) for w, b in params]
    x = random.normal(random.key(1), (5, 6))
    y = jnp.eye(3)[jnp.array([0, 1, 2, 0, 1])]
    stuck = 0
    for _ in range(3):
        old = velocities[0][0]
        params, velocities = sgd_momentum(params, x, y, velocities, 0.1, momentum=0.9)
        if bool(jnp.all(velocities[0][0] == old)):
            stuck += 1
    return stuck
