"""JAX examples/advi.py: plotting helper passes `[-2, 2]` limits as a static arg.

Source: https://github.com/jax-ml/jax/issues/7561
("script examples/advi.py throws ValueError exception").

`mesh_eval` (used by the plotting callback of the ADVI example) forwards to
`_mesh_eval`, which is jitted with `static_argnums=(0, 1, 2, 4)` so that the
target density, the axis limits and the tick count are compile-time constants.
The callback passes `x_limits = [-2, 2]`: a list, which cannot be hashed, so
JAX refuses it ("Non-hashable static arguments are not supported ... <class
'list'>, [-2, 2]").

Observed on jax 0.10.2: raises ValueError
"""
from functools import partial

import jax.numpy as jnp
import jax.scipy.stats.norm as norm
from jax import jit, random, vmap


def diag_gaussian_sample(rng, mean, log_std):
    return mean + jnp.exp(log_std) * random.normal(rng, mean.shape)


def target_dist(z, epoch):
    z1, z2 = z[0], z[1]
    mu = z1 * 0.5 * jnp.sin(epoch * 0.1)
    return norm.logpdf(z1, 0.0, 1.35) + norm.logpdf(z2, mu, jnp.exp(z1))


@partial(jit, static_argnums=(0, 1, 2, 4))
def _mesh_eval(func, x_limits, y_limits, params, num_ticks):
    # Evaluate func on a 2D grid defined by x_limits and y_limits.
    x = jnp.linspace(*x_limits, num=num_ticks)
    y = jnp.linspace(*y_limits, num=num_ticks)
    X, Y = jnp.meshgrid(x, y)
    xy_vec = jnp.stack([X.ravel(), Y.ravel()]).T
    zs = vmap(func, in_axes=(0, None))(xy_vec, params)
    return X, Y, zs.reshape(X.shape)


def mesh_eval(func, x_limits, y_limits, params, num_ticks=101):
    return _mesh_eval(func, x_limits, y_limits, params, num_ticks)  # expect: JAX302


def run():
    x_limits = [-2, 2]
    y_limits = [-4, 2]
    rng = random.PRNGKey(0)
    params = (jnp.zeros(2), jnp.zeros(2))

    def callback(params, t):
        X, Y, Z = mesh_eval(target_dist, x_limits, y_limits, 1)
        mean, log_std = params
        samples = diag_gaussian_sample(rng, mean, log_std)
        return Z.sum() + samples.sum()

    return callback(params, 0)
