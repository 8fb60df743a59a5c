"""liesel/goose: MCMC kernel state starts with weak-typed scalars; transition compiles twice.

Source: https://github.com/liesel-devs/liesel/issues/364
(liesel, "Conversion to strongly typed values").

"The issue is that the weak types will not survive as output from a jit
compiled function. As the step function outputs the updated state, it removes
the weak flags. Thus, the next time the function is called ... a second
compilation is triggered." Goose's kernel state holds tuning scalars such as
the step size; when they are created from Python floats, the first call of the
jitted transition sees weak-typed inputs and every later call sees the
strongly typed state it returned. Kernel trimmed to a random-walk Metropolis
step with step-size adaptation.

Observed on jax 0.10.2: transition compiled 2 times
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class RWKernelState(NamedTuple):
    step_size: jax.Array
    log_step_size_avg: jax.Array
    iteration: jax.Array


class ModelState(NamedTuple):
    position: jax.Array
    log_prob: jax.Array


def log_prob_fn(position):
    return -0.5 * jnp.sum(position**2)


class RWKernel:
    def __init__(self, initial_step_size: float = 1.0):
        self.initial_step_size = initial_step_size

    def init_state(self) -> RWKernelState:
        return RWKernelState(
            step_size=self.initial_step_size,
            log_step_size_avg=0.0,
            iteration=0,
        )

    def transition(self, key, kernel_state: RWKernelState, model_state: ModelState):
        k1, k2 = jax.random.split(key)
        proposal = model_state.position + kernel_state.step_size * jax.random.normal(
            k1, model_state.position.shape
        )
        lp = log_prob_fn(proposal)
        accept_prob = jnp.minimum(1.0, jnp.exp(lp - model_state.log_prob))
        accept = jax.random.uniform(k2) < accept_prob
        model_state = ModelState(
            jnp.where(accept, proposal, model_state.position),
            jnp.where(accept, lp, model_state.log_prob),
        )
        log_step = jnp.log(kernel_state.step_size) + 0.1 * (accept_prob - 0.44)
        kernel_state = RWKernelState(
            step_size=jnp.exp(log_step),
            log_step_size_avg=0.9 * kernel_state.log_step_size_avg + 0.1 * log_step,
            iteration=kernel_state.iteration + 1,
        )
        return kernel_state, model_state


class Engine:
    def __init__(self, kernel: RWKernel, seed: int = 0):
        self.kernel = kernel
        self.key = jax.random.PRNGKey(seed)
        self._transition = jax.jit(kernel.transition)

    def sample_epoch(self, model_state: ModelState, num_steps: int):
        kernel_state = self.kernel.init_state()
        for _ in range(num_steps):
            self.key, subkey = jax.random.split(self.key)
            kernel_state, model_state = self._transition(subkey, kernel_state, model_state)  # expect: JAX406
        return kernel_state, model_state


def run():
    position = jnp.zeros(3)
    engine = Engine(RWKernel(initial_step_size=1.0))
    kernel_state, model_state = engine.sample_epoch(ModelState(position, log_prob_fn(position)), 6)
    return model_state.position
