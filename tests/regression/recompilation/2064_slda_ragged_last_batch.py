"""Discrete morphological neural networks trained by stochastic lattice descent (morphax). The
training loop splits the shuffled images into `batches` mini-batches of `bsize =
floor(n / batches)` with `lax.dynamic_slice`, except the LAST batch, which takes everything left:
`xb = xy[0, b*bsize:x.shape[0], :, :]`. Whenever n is not a multiple of `batches` the last batch
has a different leading size, and the jitted loss `lf(params, x, y)` evaluated on its neighbours
inside `update` is compiled again for that shape (besides the full-data shape used for the epoch
loss), on top of the regular batch shape.

Source: https://github.com/dmarcondes/morphax/blob/b04ceabe15f3af2c82ef77ad8d1eb095b83a28a3/morphax/dmorph.py#L1087
Observed on jax 0.10.x: lf compiled 3 times
"""
import math

import jax
import jax.numpy as jnp


def forward(x, params):
    # erosion-like operator: keep a pixel when every active structuring element covers it
    se = jnp.mean(params, axis=(0, 1))
    eroded = jax.vmap(lambda img: jax.scipy.signal.convolve2d(img, se, mode="same"))(x)
    return jax.nn.sigmoid(eroded - jnp.sum(se) + 0.5)


def step_slda(params, x, y, forward, lf, neighbors=4, key=0):
    """Step of Stochastic Lattice Descent: score `neighbors` random bit flips of the parameters."""
    keys = jax.random.split(jax.random.PRNGKey(key), neighbors)
    hood = []
    for i in range(neighbors):
        idx = jax.random.randint(keys[i], (4,), 0, jnp.array(params.shape))
        flipped = params.at[idx[0], idx[1], idx[2], idx[3]].set(1 - params[idx[0], idx[1], idx[2], idx[3]])
        hood.append(jnp.append(idx, lf(flipped, x, y)))
    return jnp.stack(hood)


def train_dmnn_slda(x, y, params, loss, epochs=1, batches=1, key=0):
    xy = jnp.append(x.reshape((1,) + x.shape), y.reshape((1,) + x.shape), 0)
    key = jax.random.randint(jax.random.PRNGKey(key), (epochs, 2), 0, 10_000)
    bsize = int(math.floor(x.shape[0] / batches))

    @jax.jit
    def lf(params, x, y):
        return jnp.mean(jax.vmap(loss)(forward(x, params), y))

    def update(params, x, y, key):
        return step_slda(params, x, y, forward, lf, 4, key)

    min_loss = lf(params, x, y)
    for e in range(epochs):
        xy = jax.random.permutation(jax.random.PRNGKey(key[e, 0]), xy, 1)
        for b in range(batches):
            if b < batches - 1:
                xb = jax.lax.dynamic_slice(xy[0, :, :, :], (b * bsize, 0, 0), (bsize, x.shape[1], x.shape[2]))
                yb = jax.lax.dynamic_slice(xy[1, :, :, :], (b * bsize, 0, 0), (bsize, x.shape[1], x.shape[2]))
            else:
                xb = xy[0, b * bsize:x.shape[0], :, :]
                yb = xy[1, b * bsize:y.shape[0], :, :]
            hood = update(params, xb, yb, key[e, 1])  # expect: JAX404
            hood = hood[hood[:, -1] == jnp.min(hood[:, -1]), 0:-1].astype(jnp.int32)
            if hood.shape[0] > 0:
                h = hood[0, :]
                params = params.at[h[0], h[1], h[2], h[3]].set(1 - params[h[0], h[1], h[2], h[3]])
        train_loss = lf(params, x, y)
    return params


def run():
    kx, kp = jax.random.split(jax.random.PRNGKey(0))
    x = jnp.where(jax.random.uniform(kx, (10, 8, 8)) > 0.5, 1.0, 0.0)
    y = x
    params = jnp.where(jax.random.uniform(kp, (2, 2, 3, 3)) > 0.5, 1.0, 0.0)
    mse = lambda pred, true: jnp.mean((pred - true) ** 2)
    train_dmnn_slda(x, y, params, mse, epochs=2, batches=3)
    return 0
