import equinox as eqx
import jax
import jax.numpy as jnp


class _PWCFactor(eqx.Module):
    """Piecewise-constant coefficient: values[k] on [times[k], times[k+1])."""

    times: jax.Array   # (N+1,)
    values: jax.Array  # (N,)

    def __call__(self, t):
        # find the index k such that t is in [t_k, t_{k+1}); zero outside
        idx = jnp.searchsorted(self.times, t, side="right") - 1
        idx = jnp.clip(idx, 0, self.values.shape[-1] - 1)
        inside = (t >= self.times[0]) & (t < self.times[-1])
        return jnp.where(inside, self.values[..., idx], jnp.zeros_like(self.values[..., 0]))


class PWCTimeArray(eqx.Module):
    factor: _PWCFactor
    array: jax.Array

    def __call__(self, t):
        return self.factor(t) * self.array


class ConstantTimeArray(eqx.Module):
    array: jax.Array

    def __call__(self, t):
        return self.array
