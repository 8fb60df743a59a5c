from typing import Any, NamedTuple, Optional

import jax
import jax.numpy as jnp
import optax


class OptimizationState(NamedTuple):
    params: Any
    opt_state: Any
    step: Any = 0
    gradients: Optional[Any] = None


class MutableLearningRate:
    def __init__(self, lr):
        self.lr = lr

    def update(self, lr):
        self.lr = lr

    def __call__(self, count=None):
        return self.lr


class OptaxOptimizer:
    def __init__(self, learning_rate=1e-2, initial_steps=5, initial_learning_rate=1e-3,
                 plateau_denominator=2.0):
        self.learning_rate = learning_rate
        self.initial_steps = initial_steps
        self.plateau_denominator = plateau_denominator
        self.lr_schedule = MutableLearningRate(initial_learning_rate)
        self.optimizer = optax.adam(self.lr_schedule)

    def initialise(self, params):
        return OptimizationState(params=params, opt_state=self.optimizer.init(params),
                                 step=jnp.array(0))

    @staticmethod
    def _step(optimizer, state, loss_fn):
        """Perform one optimization step"""

        # Switch to regular learning rate after initial steps
        if state.step == optimizer.initial_steps:  # expect: JAX201
            optimizer.lr_schedule.update(optimizer.learning_rate)

        loss, grads = jax.value_and_grad(loss_fn)(state.params)

        # Compute the dot product of current grads and previous gradients for oscillation detection
        grad_dot_product = jax.tree_util.tree_reduce(
            lambda x, y: x + y,
            jax.tree_util.tree_map(
                lambda a, b: jnp.vdot(a, b),
                state.gradients if state.gradients is not None else grads,
                grads,
            ),
        )
        if grad_dot_product < 0 and state.step > 1:  # expect: JAX201
            current_lr = optimizer.lr_schedule()
            optimizer.lr_schedule.update(current_lr / optimizer.plateau_denominator)

        updates, new_opt_state = optimizer.optimizer.update(grads, state.opt_state)
        updated_params = optax.apply_updates(state.params, updates)
        return OptimizationState(updated_params, new_opt_state, state.step + 1, grads), loss
