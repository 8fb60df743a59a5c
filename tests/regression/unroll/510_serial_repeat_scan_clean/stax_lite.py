import jax
import jax.numpy as jnp


def repeat_dense_relu(n_features, n):
    """`repeat(layer, n)` combinator from the issue: one layer body scanned n times."""
    def init_fn(key, n_in):
        keys = jax.random.split(key, n)
        return jax.vmap(lambda k: jax.random.normal(k, (n_in, n_features)) / jnp.sqrt(n_in))(keys)

    def apply_fn(stacked_w, x):
        def body(h, w):
            return jax.nn.relu(h @ w), None
        x, _ = jax.lax.scan(body, x, stacked_w)
        return x
    return init_fn, apply_fn
