from typing import NamedTuple


class SolverConfig(NamedTuple):
    nx: int = 64
    dx: float = 1.0 / 64
    dt: float = 1e-5
    t_final: float = 4e-4

    @property
    def n_steps(self):
        return int(round(self.t_final / self.dt))
