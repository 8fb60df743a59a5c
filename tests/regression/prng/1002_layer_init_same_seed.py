"""Feed-forward layers all initialised from a key rebuilt from the same seed.

Source: https://github.com/netket/netket/issues/241
What happened: FFNN.init_random_parameters used the same seed for every layer,
so layers of equal shape got identical parameters
(`(m.parameters[:30] == m.parameters[30:]).all()` was True).
run() returns how many layers after the first got the first layer's weights.
Observed on jax 0.10.2: 2 of 3 calls
"""
import jax
import jax.numpy as jnp


def init_random_parameters(seed, layer_sizes, sigma=0.1):
    params = []
    for n_in, n_out in zip(layer_sizes[:-1], layer_sizes[1:]):
        key = jax.random.PRNGKey(seed)  # expect: JAX503
        w = sigma * jax.random.normal(key, (n_in, n_out))
        params.append(w)
    return params


def run():
    params = init_random_parameters(13579, [5, 5, 5, 5])
    return sum(bool(jnp.all(p == params[0])) for p in params[1:])
