import jax
import jax.numpy as jnp


class ObjectiveFunction:
    def __init__(self, target):
        self.target = target

    def build(self, use_jit=True):
        def compute_scaled_error(x):
            return (jnp.tanh(x) - self.target) / 0.1

        def jac_scaled(x):
            return jax.jacfwd(compute_scaled_error)(x)

        self.compute_scaled_error = compute_scaled_error
        self.jac_scaled = jax.jit(jac_scaled) if use_jit else jac_scaled
        return self


class ProximalProjection:
    """Wraps an objective and re-solves the equilibrium constraint each step."""

    def __init__(self, objective):
        self._objective = objective

    def update(self, x):
        # rebuild the inner objective so that it sees the new equilibrium
        self._objective.build()
        return self._objective.jac_scaled(x)  # expect: JAX402
