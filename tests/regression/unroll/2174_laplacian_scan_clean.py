"""PESNet computes the kinetic energy of its neural wave function with
`make_kinetic_energy_function`: it linearises the gradient once and gathers the diagonal
of the Hessian with `lax.scan(lambda i, _: (i + 1, dgrad_f(eye[i])[i]), 0, None, length=n)`
where `n = 3 * n_electrons` comes from the input shape. The per-coordinate JVP is a scan
body traced once, not a Python loop over 3N coordinates unrolled into the graph.

Source: https://github.com/n-gao/pesnet/blob/f5965d89f5b0bcb577f0263e3d020df58d57a0b8/pesnet/vmc/hamiltonian.py#L35
Observed on jax 0.10.x: local_energy compiled 1 times
"""
import jax
import jax.numpy as jnp
from jax import lax


def make_kinetic_energy_function(f):
    def laplacian_of_f(params, electrons, atoms):
        def f_closure(x):
            return f(params, x, atoms)

        electrons = electrons.reshape(-1)
        n = electrons.shape[0]
        eye = jnp.eye(n)
        grad_f = jax.grad(f_closure)
        grad, dgrad_f = jax.linearize(grad_f, electrons)
        _, diagonal = lax.scan(lambda i, _: (i + 1, dgrad_f(eye[i])[i]), 0, None, length=n)
        return -0.5 * (jnp.sum(diagonal) + jnp.sum(grad ** 2))

    return laplacian_of_f


def log_psi(params, x, atoms):
    x = x.reshape(-1, 3)
    r = jnp.linalg.norm(x[:, None, :] - atoms[None], axis=-1)
    return -params * jnp.sum(r)


def run():
    kinetic = make_kinetic_energy_function(log_psi)

    @jax.jit
    def local_energy(params, electrons, atoms):
        return jax.vmap(kinetic, in_axes=(None, 0, None))(params, electrons, atoms)

    electrons = jax.random.normal(jax.random.PRNGKey(0), (8, 40, 3))  # 120 coordinates each
    energies = local_energy(1.0, electrons, jnp.zeros((2, 3)))
    assert energies.shape == (8,)
