"""Cartesian grid helper holding coordinate and spacing arrays."""
import jax.numpy as jnp


class GridCartesian:
    def __init__(self, nx, ny, lx=(0, 1), ly=(0, 1)):
        self.nx, self.ny = nx, ny
        x = jnp.linspace(lx[0], lx[1], self.nx)
        y = jnp.linspace(ly[0], ly[1], self.ny)
        self.grid_x, self.grid_y = jnp.meshgrid(x, y, indexing="ij")
        self.grid_dx = jnp.concatenate(
            (self.grid_x[1:2, :] - self.grid_x[0:1, :],
             0.5 * (self.grid_x[2:, :] - self.grid_x[:-2, :]),
             self.grid_x[-1:, :] - self.grid_x[-2:-1, :]), axis=0)
        self.grid_dy = jnp.concatenate(
            (self.grid_y[:, 1:2] - self.grid_y[:, 0:1],
             0.5 * (self.grid_y[:, 2:] - self.grid_y[:, :-2]),
             self.grid_y[:, -1:] - self.grid_y[:, -2:-1]), axis=1)

    def grid_shape(self):
        return self.nx, self.ny
