"""Stochastic model vmapped over the batch with the rng broadcast to every example.

Source: https://github.com/google/flax/issues/4195
`nnx.vmap(inference_fn, in_axes=(None, 0))(model, xs)` used one random key
across the vectorised axis, so stochastic layers (dropout) behaved identically
for every example in the batch. Rebuilt in plain jax: the key is passed with
`in_axes=None`, so each example gets the same dropout mask.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp


def init_params(key, d_in=8, d_hidden=32):
    return {"w": jax.random.normal(key, (d_in, d_hidden)) * 0.3}


def inference_fn(params, rng, x, rate=0.5):
    h = jnp.tanh(x @ params["w"])
    keep = jax.random.bernoulli(rng, 1.0 - rate, h.shape)
    return jnp.where(keep, h / (1.0 - rate), 0.0), keep


def batched_inference(params, rng, xs):
    return jax.vmap(inference_fn, in_axes=(None, None, 0))(params, rng, xs)  # expect: JAX503


def run():
    k_param, k_data, rng = jax.random.split(jax.random.key(0), 3)
    params = init_params(k_param)
    xs = jax.random.normal(k_data, (6, 8))
    shared = 0
    for _ in range(3):
        rng, step_rng = jax.random.split(rng)
        _, keep = batched_inference(params, step_rng, xs)
        shared += bool(jnp.all(keep == keep[0]))
    return shared
