"""In DiBS's SVGD step, `eltwise_grad_theta_likelihood` vmapped the per-particle score over
(z, theta) but passed one PRNG key with in_axes=None, so every particle sampled exactly the same
graphs for its Monte-Carlo estimate. The fix split the key into one subkey per particle.

Source: https://github.com/larslorch/dibs/pull/1
Observed on jax 0.10.x: 1 of 1 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

from svgd import JointDiBS


@jax.jit
def svgd_theta_step(zs, thetas, t, key):
    model = JointDiBS(n_vars=5)
    key, subk = jax.random.split(key)
    dtheta, graphs = model.eltwise_grad_theta_likelihood(zs, thetas, t, subk)
    return thetas + 0.1 * dtheta, graphs, key


def run():
    n_particles, n_vars, k = 6, 5, 3
    zs = jnp.zeros((n_particles, n_vars, k, 2))  # same latent for all particles: p = 0.5
    thetas = jnp.ones((n_particles, n_vars, n_vars))
    _, graphs, _ = svgd_theta_step(zs, thetas, jnp.asarray(1.0), jax.random.PRNGKey(0))
    graphs = np.asarray(graphs)
    return int(all(np.array_equal(graphs[0], graphs[i]) for i in range(1, n_particles)))
