"""treex's CNN example (examples/cnn.py) put a `print("JITTING")` at the top of the jitted `predict`
function, next to the jitted train_step/test_step, apparently to see when predict ran. Under @jax.jit
the print is plain Python that only executes while jax traces the function: it fires on the first call
and never again for later batches of the same shape, so it neither marks each prediction nor anything
useful at run time. The author later removed it ("remove print from example").

Source: https://github.com/cgarciae/treex/blob/adafa1572a55ef723371e37729f02cdfde1675f9/examples/cnn.py#L52
Observed on jax 0.10.x: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp
import numpy as np


class Sequential:
    """Tiny stand-in for tx.Sequential: a pytree of (w, b) layers."""

    def __init__(self, layers):
        self.layers = layers

    def __call__(self, x):
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < len(self.layers) - 1:
                x = jax.nn.relu(x)
        return x


jax.tree_util.register_pytree_node(
    Sequential, lambda m: ((m.layers,), None), lambda _, c: Sequential(*c)
)


@jax.jit
def predict(model: Sequential, x: jnp.ndarray):
    print("JITTING")  # expect: JAX101
    return model(x).reshape(x.shape[0], -1).argmax(axis=1)


def run():
    key = jax.random.PRNGKey(0)
    k1, k2 = jax.random.split(key)
    model = Sequential([
        (jax.random.normal(k1, (784, 32)) * 0.05, jnp.zeros(32)),
        (jax.random.normal(k2, (32, 10)) * 0.05, jnp.zeros(10)),
    ])
    X_test = np.random.RandomState(0).rand(96, 784).astype(np.float32)
    printed = 0
    for i in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            predict(model, X_test[i * 32:(i + 1) * 32])
        printed += "JITTING" in buf.getvalue()
    return printed


if __name__ == "__main__":
    print(run())
