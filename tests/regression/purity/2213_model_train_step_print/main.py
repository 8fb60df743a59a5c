"""treex's examples/cnn_model.py jits the Model's `train_step` method (self is a pytree) and starts its
body with `print("JITTTTING")`. The print is ordinary Python inside a jitted function: it runs only while jax
traces train_step, i.e. on the first batch (and again only if shapes change), and is silent for every
later training step, so it says nothing about the steps actually being executed.

Source: https://github.com/cgarciae/treex/blob/fac2226c8cd624e411541d6fa47dc4495d87a107/examples/cnn_model.py#L80
Observed on jax 0.10.x: 1 of 3 calls
"""
import contextlib
import io

import jax
import numpy as np
import optax

from model import Model


def run():
    key = jax.random.PRNGKey(42)
    k1, k2 = jax.random.split(key)
    params = {"w1": jax.random.normal(k1, (64, 32)) * 0.1, "w2": jax.random.normal(k2, (32, 10)) * 0.1}
    optimizer = optax.adamw(1e-3)
    model = Model(params, optimizer.init(params), optimizer)

    rs = np.random.RandomState(0)
    X_train = rs.rand(96, 64).astype(np.float32)
    y_train = rs.randint(0, 10, size=96)
    printed = 0
    for step in range(3):
        idx = rs.choice(len(X_train), 32)
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            model, logs = model.train_step(X_train[idx], y_train[idx])
        printed += "JITTTTING" in buf.getvalue()
    return printed


if __name__ == "__main__":
    print(run())
