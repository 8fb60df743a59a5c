"""The benchmarked inference function returns its output (the fix).

Source: https://github.com/google/flax/issues/3251
Look-alike of the reporter's first benchmark, the correct one: the jitted
`infer` returns `model.apply(params, x)` and the caller keeps the result, so
every call yields a prediction (and the timing measures the forward pass).

Observed on jax 0.10.2: 0 of 5 calls
"""
import jax
import jax.numpy as jnp


def init_params(key, sizes=(16, 64, 64, 10)):
    keys = jax.random.split(key, len(sizes) - 1)
    return [
        {"w": jax.random.normal(k, (a, b)) / jnp.sqrt(a), "b": jnp.zeros(b)}
        for k, a, b in zip(keys, sizes[:-1], sizes[1:])
    ]


def apply(params, x):
    for layer in params[:-1]:
        x = jax.nn.relu(x @ layer["w"] + layer["b"])
    return x @ params[-1]["w"] + params[-1]["b"]


params = init_params(jax.random.PRNGKey(0))


@jax.jit
def infer(x):
    output = apply(params, x)
    return output


def run():
    missing = 0
    for i in range(5):
        result = infer(jnp.ones((8, 16)) * i)
        missing += int(result is None)
    return missing
