"""PhysiGym (physinet-operator) generates heat-equation trajectories for training a neural
operator. `heat_step` is decorated with a bare `@jax.jit` and takes the whole `HeatConfig`
(a plain, non-frozen `@dataclass` holding nx, ny, dt, kappa, ...) as its second argument. The
config is neither a pytree nor listed in `static_argnums`, so the first roll-out call fails:
jit refuses the dataclass as an argument ("not a valid JAX type"). The config had to be
static (and then hashable, i.e. frozen) or its fields passed separately.

Source: https://github.com/aoctavia/physinet-operator/blob/005317cc8cf1bec9e3d750abd28b8a7aedef31f5/physigym/pde_heat.py#L13
Observed on jax 0.10.x: raises TypeError
"""
import numpy as np
import jax

from configs import HeatConfig
from pde_heat import heat_step


class PhysiGym:
    def __init__(self, seed: int = 0):
        self.heat = HeatConfig()
        self.key = jax.random.PRNGKey(seed)

    def _sample_heat_ic(self):
        cfg = self.heat
        return jax.random.uniform(self.key, (cfg.nx, cfg.ny))

    def _roll_out_heat(self):
        cfg = self.heat
        u = self._sample_heat_ic()
        states = []
        for _ in range(cfg.steps):
            states.append(np.array(u))
            u = heat_step(u, cfg)  # expect: JAX306
        return {"u": np.stack(states, axis=0)}


def run():
    env = PhysiGym(seed=0)
    traj = env._roll_out_heat()
    return traj["u"].shape
