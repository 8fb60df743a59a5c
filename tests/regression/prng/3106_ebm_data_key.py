"""tinymcmc energy-based-model example: `key, key_normal, key_choice = jrandom.split(key, 3)`
creates `key_normal` for the Gaussian part of the toy data set, but the script draws it with
`jrandom.normal(key, ...)`. `key_normal` is never used, and the carried `key` (already consumed
by the data draw) is split again to initialise the MLP parameters and the sampler particles.

Source: https://github.com/MatthewQuenneville/tinymcmc/blob/0f314ea11d9a17350ab270eb6c5633f0b954d752/examples/example_ebm.py#L17
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp
import jax.random as jrandom

n_data = 1000
bounds = (-15, 15)
batch_size = 100
hidden_size, n_hidden = 25, 3


def init_mlp(key, sizes):
    params = []
    for m, n in zip(sizes[:-1], sizes[1:]):
        key, wk = jrandom.split(key)
        params.append((jrandom.normal(wk, (m, n)) / jnp.sqrt(m), jnp.zeros(n)))
    return params


def mlp(params, x):
    for W, b in params[:-1]:
        x = jax.nn.swish(x @ W + b)
    W, b = params[-1]
    return x @ W


def run():
    key = jrandom.key(0)
    key, key_normal, key_choice = jrandom.split(key, 3)
    data = jrandom.normal(key, shape=(n_data, 2)) + jrandom.choice(
        key_choice,
        jnp.array([[-5., -5.], [-5., 5.], [5., 5.], [5., -5.]]),
        shape=(n_data,),
        p=jnp.array([0.1, 0.2, 0.3, 0.4]))
    key, key_params = jrandom.split(key, 2)  # expect: JAX501,JAX504
    params = init_mlp(key_params, [2] + [hidden_size] * n_hidden + [1])
    key, key_sample = jrandom.split(key, 2)
    samples = jrandom.uniform(key_sample, shape=(batch_size, 2), minval=bounds[0], maxval=bounds[1])
    energy = jax.jit(mlp)(params, samples)
    energy.block_until_ready()
