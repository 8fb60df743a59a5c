import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass(eq=False)
class OptaxSolver:
    """Cut-down jaxopt-style solver: update() is a plain method on a stateful object."""
    fun: callable
    learning_rate: float = 0.1

    def init_state(self, params):
        return jnp.zeros(())

    def update(self, params, state, data):
        loss, grads = jax.value_and_grad(self.fun)(params, data)
        params = jax.tree_util.tree_map(lambda p, g: p - self.learning_rate * g, params, grads)
        return params, loss
