import dataclasses

import jax.numpy as jnp
import numpy as np


@dataclasses.dataclass(frozen=True)
class PlaneTerrain:
    z: float = 0.0
    plane_normal: tuple = (0.0, 0.0, 1.0)

    def height(self, x, y):
        a, b, c = self.plane_normal
        d = -c * self.z
        return jnp.array(-(a * x + b * y + d) / c)

    def __hash__(self):
        return hash((self.z, self.plane_normal))

    def __eq__(self, other):
        if not isinstance(other, PlaneTerrain):
            return False
        if not (
            np.allclose(self.z, other.z)
            and np.allclose(
                np.array(self.plane_normal, dtype=float),
                np.array(other.plane_normal, dtype=float),
            )
        ):
            return False
        return True
