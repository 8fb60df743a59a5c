"""The temporal optimizer of a DLO (cable) planner turned its objective
E = sum_t U_t from a Python loop over time steps into a `jax.lax.scan` over the T+1
progress vectors, and feeds `jax.jit(jax.grad(objective))` to IPOPT.  The scan body,
however, calls the jitted `compute_enery` helper, whose Python for-loops run over
`dlo_shape.shape[0]` feature points; inside the scan body those loops are still unrolled
at trace time, so the body (and its gradient) grows with the number of rope features
even though the time loop is rolled.

Source: https://github.com/YunxiTang/BEATPython/blob/e6d96b6730938afb4712a0e99f9b000838856e06/PythonRobotics/PathPlanning/st_dlo_planning/temporal_config_opt/opt_solver.py#L69-L90
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax
import jax.numpy as jnp

from utils import PathSet, compute_enery


class DloOptProblem:
    def __init__(self, pathset: PathSet, k1: float, k2: float):
        self.pathset = pathset
        self.virtual_k1 = k1
        self.virtual_k2 = k2
        self.T = self.pathset.T
        self.num_path = self.pathset.num_path
        self.seg_len = pathset.seg_len
        self.gradient = jax.jit(jax.grad(self.objective))

    def _assemble_shape(self, sigma):
        return self.pathset.query_dlo_shape(sigma)

    def _compute_potential_energy(self, dlo_shape):
        return compute_enery(dlo_shape, self.virtual_k1, self.virtual_k2, self.seg_len)

    @partial(jax.jit, static_argnums=(0,))
    def objective(self, x):
        sigmas = jnp.reshape(x, (self.T + 1, self.num_path))
        diff_sigmas = jnp.concatenate([jnp.diff(sigmas, axis=0), jnp.zeros([1, self.num_path])], axis=0)
        Sigmas = jnp.concatenate([sigmas, diff_sigmas], axis=1)

        def _sigma_to_energy(carry, Sigma):
            sigma = Sigma[0:self.num_path]
            delta_sigma = jnp.mean(Sigma[self.num_path:])
            dlo_shape = self._assemble_shape(sigma)
            u = self._compute_potential_energy(dlo_shape) + jnp.abs(delta_sigma) ** 2
            return u + carry, u

        loss, _ = jax.lax.scan(_sigma_to_energy, 0.0, Sigmas, length=self.T + 1)
        reg = jnp.sum(jnp.diff(jnp.diff(sigmas, axis=0), axis=0) ** 2)
        return loss + 0.5 * reg


def run():
    num_path, n_wp = 40, 6
    base = jnp.stack([0.05 * jnp.arange(num_path), jnp.zeros(num_path), jnp.zeros(num_path)], axis=1)
    all_path = base[:, None, :] + jnp.linspace(0.0, 1.0, n_wp)[None, :, None] * jnp.array([0.0, 1.0, 0.0])
    problem = DloOptProblem(PathSet(all_path, T=8, seg_len=0.05), k1=1.0, k2=0.5)
    x = jnp.tile(jnp.linspace(0.0, 1.0, 9)[:, None], (1, num_path)).ravel()
    g = problem.gradient(x)
    jax.block_until_ready(g)
