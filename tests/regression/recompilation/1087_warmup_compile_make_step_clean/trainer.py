import jax.numpy as jnp

from steps import make_step


def fit(params, batches, lr, steps):
    lr = jnp.asarray(lr, dtype=jnp.float32)
    x0, y0 = batches[0]
    make_step(params, lr, x0, y0)  # warm-up compile outside the timed loop
    history = []
    for i in range(steps):
        x, y = batches[i % len(batches)]
        params, loss = make_step(params, lr, x, y)
        history.append(loss)
    return params, history
