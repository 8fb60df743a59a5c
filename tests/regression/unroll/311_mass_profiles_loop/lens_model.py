import jax
import jax.numpy as jnp

from profiles import sis_deflection


class MassModel:
    """Many copies of the same profile (e.g. a population of subhalos)."""

    def alpha(self, x, y, kwargs_stacked):
        ax = jnp.zeros_like(x)
        ay = jnp.zeros_like(y)
        n_profiles = kwargs_stacked["theta_e"].shape[0]
        for i in range(n_profiles):  # expect: JAX407
            dax, day = sis_deflection(x, y, kwargs_stacked["theta_e"][i],
                                      kwargs_stacked["center_x"][i],
                                      kwargs_stacked["center_y"][i])
            ax, ay = ax + dax, ay + day
        return ax, ay

    def ray_shooting(self, x, y, kwargs_stacked):
        ax, ay = self.alpha(x, y, kwargs_stacked)
        return x - ax, y - ay
