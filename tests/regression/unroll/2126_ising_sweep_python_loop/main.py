"""jaxmc 1D Ising Metropolis: each sweep unrolls one spin-flip step per lattice site.

`mc_sweeps` runs `jax.lax.fori_loop(0, nsweeps, sweep, ...)`, but inside the jitted `sweep` body
the user writes `L = jnp.size(spins)` and `for k in range(L): single_spin_flip_step(...)`, so the
fori_loop body contains L inlined copies of the flip step (each with its own lax.cond). The
lattice size decides the size of the traced program: 10 sites trace 10 copies, 1000 sites 1000.
The local energy helper also iterates `for j in neighbours[i]` over a traced row.

Source: https://github.com/riccardo-rende/jaxmc/blob/02368dd33d7450a74b250d780a43f2cae693220f/jaxmc/montecarlo.py#L55
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from .montecarlo import MonteCarloState, SingleSpinFlipState, mc_sweeps


def run():
    seed = 0
    L = 40
    nn = jnp.zeros((L, 2), dtype=int)
    for i in range(L):
        nn = nn.at[i, 0].set((i + L - 1) % L)
        nn = nn.at[i, 1].set((i + 1) % L)
    spins = jnp.ones(L)
    a = SingleSpinFlipState(jnp.array(0), jnp.array(0))
    mc = MonteCarloState(jax.random.PRNGKey(seed))
    spins, mc, a, mean_values = mc_sweeps(20, spins, nn, mc, a)
    assert int(a.tot_call) == 20 * L
    return None
