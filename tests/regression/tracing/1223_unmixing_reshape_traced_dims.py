"""A jitted unmixing gradient reshapes with image dimensions passed as arguments.

Source: https://github.com/jax-ml/jax/issues/1629
The reporter's spatial unmixing code computed a functional whose first line
was `r = X.shape[0]; X_imshape = np.reshape(X, (r, m, n), order='F')` and
jitted the gradient wrapper called as
`jax_gradient_spatial_functional(x, Y, K_GT, m, n, lambda_, tau, h)`.  With
`m` and `n` (the image height and width) passed as ordinary arguments they are
traced, and `reshape` fails ("'JaxprTracer' object cannot be interpreted as an
integer"); shapes must be static, so `m` and `n` have to be static arguments
or closed-over constants.

Observed on jax 0.10.2: raises TypeError
"""
import jax
import jax.numpy as jnp


def tv_penalty(X_im, h):
    dx = jnp.diff(X_im, axis=1) / h
    dy = jnp.diff(X_im, axis=2) / h
    return jnp.sum(jnp.sqrt(dx[:, :, :-1] ** 2 + dy[:, :-1, :] ** 2 + 1e-8))


def spatial_functional(X, Y, K, m, n, lambda_, h):
    r = X.shape[0]
    X_imshape = jnp.reshape(X, (r, m, n), order="F")  # expect: JAX204
    data_fit = 0.5 * jnp.sum((K @ X - Y) ** 2)
    return data_fit + lambda_ * tv_penalty(X_imshape, h)


@jax.jit
def jax_gradient_spatial_functional(X, Y, K, m, n, lambda_, tau, h):
    g = jax.grad(spatial_functional)(X, Y, K, m, n, lambda_, h)
    return X - tau * g


def run():
    m, n, r, bands = 6, 5, 3, 8
    key = jax.random.PRNGKey(0)
    K = jax.random.uniform(key, (bands, r))
    X = jnp.full((r, m * n), 1.0 / r)
    Y = K @ X + 0.01
    for _ in range(3):
        X = jax_gradient_spatial_functional(X, Y, K, m, n, 0.1, 0.01, 1.0)
    return X
