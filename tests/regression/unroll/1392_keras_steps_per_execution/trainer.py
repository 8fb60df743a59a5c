import jax
import jax.numpy as jnp


class JAXTrainer:
    def __init__(self, steps_per_execution=1, learning_rate=0.01):
        self.steps_per_execution = steps_per_execution
        self.learning_rate = learning_rate
        self.train_function = None

    def train_step(self, state, data):
        w = state
        x, y = data
        grads = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
        return w - self.learning_rate * grads

    def make_train_function(self):
        def multi_train_steps(state, data):
            for single_step_data in data:  # expect: JAX407
                state = self.train_step(state, single_step_data)
            return state

        self.train_function = jax.jit(multi_train_steps)
