import jax
import jax.numpy as jnp

from profiles import sis_deflection


class MassModel:
    """Many copies of the same profile, evaluated with one vmap."""

    def alpha(self, x, y, kwargs_stacked):
        dax, day = jax.vmap(sis_deflection, in_axes=(None, None, 0, 0, 0))(
            x, y, kwargs_stacked["theta_e"], kwargs_stacked["center_x"],
            kwargs_stacked["center_y"])
        return dax.sum(0), day.sum(0)

    def ray_shooting(self, x, y, kwargs_stacked):
        ax, ay = self.alpha(x, y, kwargs_stacked)
        return x - ax, y - ay
