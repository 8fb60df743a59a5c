"""Array knots kept in pytree aux_data (static metadata) of a registered class.

Source: https://github.com/jax-ml/jax/issues/19547
The reporter registered a class with tree_flatten putting an array attribute
in aux_data. The jitted function worked for the first instance but raised
when called with a second, identical instance: jit compares the static
metadata of the pytree and an array has no usable equality/hash.

Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp

from spline import fit_spline


@jax.jit
def spline_loss(spline, x, y):
    return jnp.mean((spline(x) - y) ** 2)


def run():
    xs = jnp.linspace(0.0, 1.0, 32)
    ys = jnp.sin(3.0 * xs)
    losses = []
    for seed in range(2):
        spline = fit_spline(xs, ys)
        noise = 0.01 * jax.random.normal(jax.random.PRNGKey(seed), xs.shape)
        losses.append(spline_loss(spline, xs, ys + noise))
    return losses
