"""Structured-grid velocity sampler of a particle-tracking research library. Inside the jitted
`_trilinear_jax(positions)` the code branches with plain Python `if mode == "periodic": ...` /
`if mode == "clamp": ...` / `if mode == "zero": ...`. That looks like Python control flow in
jitted code, but `mode` is not traced: it is the lower-cased `bounds_handling` string captured
from the enclosing method when the sampler is built, and everything data-dependent (validity
mask, clamping, zeroing) is done with jnp.where / jnp.clip. The branches are resolved once at
trace time, as intended.

Source: https://github.com/ARHashemi/JAXTrace/blob/3bbf532b7ab5ee1d8d3196b4721224b4cb6f1994/jaxtrace/fields/structured.py#L163-L252
Observed on jax 0.10.x: runs
"""
import jax.numpy as jnp
from jax import jit


class StructuredGridSampler:
    def __init__(self, velocity, x_min, dx, bounds_handling="clamp"):
        self.velocity = jnp.asarray(velocity, dtype=jnp.float32)  # (Nx, 3)
        self.Nx = self.velocity.shape[0]
        self._vel_dev = self.velocity
        self._dx_j = jnp.asarray(dx, dtype=jnp.float32)
        self._x_min_j = jnp.asarray(x_min, dtype=jnp.float32)
        self._Nx_j = jnp.asarray(self.Nx, dtype=jnp.int32)
        self.bounds_handling = bounds_handling

        mode = self.bounds_handling.lower()
        if mode not in ("clamp", "zero", "nan", "periodic"):
            raise ValueError(f"Unsupported bounds_handling: {self.bounds_handling}")

        @jit
        def _linear_jax(positions):
            x = positions[:, 0]
            fx = (x - self._x_min_j) / self._dx_j
            if mode == "periodic":
                fx = fx % self._Nx_j
                valid_mask = jnp.ones_like(x, dtype=bool)
            else:
                valid_mask = (x >= self._x_min_j) & (x <= self._x_min_j + (self._Nx_j - 1) * self._dx_j)
                fx = jnp.clip(fx, 0.0, jnp.maximum(self._Nx_j - 1, 0))
            i0 = jnp.floor(fx).astype(jnp.int32)
            if mode == "periodic":
                i1 = (i0 + 1) % self._Nx_j
            else:
                i1 = jnp.clip(i0 + 1, 0, jnp.maximum(self._Nx_j - 1, 0))
            wx = fx - i0.astype(jnp.float32)
            vals = self._vel_dev[i0] * (1.0 - wx)[:, None] + self._vel_dev[i1] * wx[:, None]
            if mode == "zero":
                vals = jnp.where(valid_mask[:, None], vals, jnp.zeros_like(vals))
            elif mode == "nan":
                vals = jnp.where(valid_mask[:, None], vals, jnp.full_like(vals, jnp.nan))
            return vals

        self._sampler_jax = _linear_jax

    def sample(self, positions):
        return self._sampler_jax(jnp.asarray(positions, dtype=jnp.float32))


def run():
    vel = jnp.stack([jnp.linspace(0, 1, 6), jnp.zeros(6), jnp.ones(6)], axis=1)
    pos = jnp.array([[0.25, 0., 0.], [2.0, 0., 0.], [7.5, 0., 0.]])
    clamp_field = StructuredGridSampler(vel, 0.0, 1.0, "clamp")
    periodic_field = StructuredGridSampler(vel, 0.0, 1.0, "periodic")
    a = clamp_field.sample(pos)
    b = clamp_field.sample(pos + 0.5)
    c = periodic_field.sample(pos)
    return [a.shape, b.shape, c.shape]


if __name__ == "__main__":
    print(run())
