"""DynODE "Updating odes": the SEIP ODE right-hand side loops over strains with plain
Python `for` loops (kept in comments after the PR, which moved to vmap for a ~15%
gain). The loop runs over NUM_STRAINS = 3, a small constant fixed by the model
configuration, so unrolling it inside the jitted solver adds only three copies of
the body.

Source: https://github.com/CDCgov/DynODE/pull/168
Observed on jax 0.10.x: solve compiled 1 times
"""
import jax
import jax.numpy as jnp

from odes import NUM_STRAINS, seip_ode


@jax.jit
def solve(state0, beta, gamma):
    def step(state, t):
        ds, di = seip_ode(state, t, beta, gamma)
        s, i = state
        new = (s + 0.1 * ds, i + 0.1 * di)
        return new, new[0]
    _, s_path = jax.lax.scan(step, state0, jnp.arange(100.0))
    return s_path


def run():
    state0 = (jnp.ones(4) * 0.99, jnp.full((NUM_STRAINS, 4), 0.003))
    for beta_scale in (0.2, 0.3):
        solve(state0, jnp.full(NUM_STRAINS, beta_scale), 0.1)
    return None


if __name__ == "__main__":
    run()
