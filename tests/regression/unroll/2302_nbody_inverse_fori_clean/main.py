"""A differentiable N-body tutorial solves an inverse problem: find the initial velocities that
evolve random stars into a heart shape at t=1. The loss runs Nt=100 leapfrog steps and is
differentiated by the optimizer, but the time stepping is a `jax.lax.fori_loop(0, Nt, leapfrog,
...)` inside the jitted `do_simulation`, so the 100 steps stay one loop primitive (also under
grad) instead of being unrolled into the traced program.

Source: https://github.com/pmocz/nbody-jax/blob/4e19adf413f13c93f2087f930dad0aa8f8b14de3/nbody.py#L131
Observed on jax 0.10.x: 0 of 1 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

from simulation import N, do_simulation


@jax.jit
def loss_function(vel, pos, mass, target):
    """Find initial velocities that result in the target distribution."""
    t = 0

    # Convert to center-of-mass frame
    vel -= jnp.mean(mass * vel, 0) / jnp.mean(mass)

    # Carry out simulation
    pos, _, _, _ = do_simulation(pos, vel, mass, t)

    # Bin the resulting 2D positions and estimate the density
    pos2d = pos[:, 0:2].T
    m = target.shape[0]  # number of bins

    kde = jax.scipy.stats.gaussian_kde(pos2d)
    xlin = jnp.linspace(-2.0, 2.0, m)
    mx, my = jnp.meshgrid(xlin, xlin, indexing="ij")
    counts = kde.evaluate(jnp.array([mx.reshape(-1), my.reshape(-1)])).reshape((m, m))
    counts /= jnp.sum(counts)

    return jnp.sum((counts - target) ** 2)


def run():
    np.random.seed(17)
    mass = 20.0 * jnp.ones((N, 1)) / N
    pos = jnp.array(np.random.randn(N, 3))
    vel = jnp.array(np.random.randn(N, 3))

    n_bins = 20
    xlin = jnp.linspace(-2, 2, n_bins)
    xx, yy = jnp.meshgrid(xlin, xlin, indexing="ij")
    target = (xx**2 + yy**2 - 1.0) ** 3 - xx**2 * yy**3 < 0.0
    target = target.astype(float) / jnp.sum(target)

    loss = loss_function(vel, pos, mass, target)
    g = jax.grad(loss_function)(vel, pos, mass, target)
    # the gradient program holds loop primitives, not 100 copies of get_acc
    text = str(jax.make_jaxpr(jax.grad(loss_function))(vel, pos, mass, target))
    unrolled = text.count("integer_pow") > 50
    return int(unrolled)
