import jax
import jax.numpy as jnp


def Dense(n_out):
    def init_fn(key, n_in):
        return jax.random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in)

    def apply_fn(w, x):
        return x @ w
    return init_fn, apply_fn


def Relu():
    return (lambda key, n_in: ()), (lambda _, x: jax.nn.relu(x))


def serial(*layers):
    init_fns, apply_fns = zip(*layers)

    def init_fn(key, n_in):
        params = []
        for init in init_fns:
            key, sub = jax.random.split(key)
            params.append(init(sub, n_in))
        return params

    def apply_fn(params, x):
        for fn, p in zip(apply_fns, params):  # expect: JAX407
            x = fn(p, x)
        return x
    return init_fn, apply_fn
