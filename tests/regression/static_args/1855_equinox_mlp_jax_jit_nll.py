"""A user trying Equinox for the first time fitted an eqx.nn.MLP by mean
squared error. Calling nll(model, X, y) eagerly worked, but wrapping the same
loss in plain jax.jit failed: the MLP pytree carries its activation function
(jax.nn.relu, a custom_jvp object) as a leaf, and jax.jit tries to trace every
leaf of every positional argument as an array. The answer was to use
eqx.filter_jit (or mark the non-array parts static).

Source: https://github.com/patrick-kidger/equinox/issues/570
Observed on jax 0.10.x: raises TypeError
"""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


def example():
    key = jax.random.PRNGKey(seed=0)
    model = eqx.nn.MLP(2, 1, 4, 3, key=key)
    X = np.random.randn(100, 2).astype(np.float32)
    y = np.random.randn(100, 1).astype(np.float32)

    def nll(model, X, y):
        yp = jax.vmap(model)(X)
        mse = jnp.mean((y - yp) ** 2)
        return mse

    loss = nll(model, X, y)
    loss = jax.jit(nll)(model, X, y)  # expect: JAX306
    return loss


def run():
    np.random.seed(0)
    return float(example())


if __name__ == "__main__":
    print(run())
