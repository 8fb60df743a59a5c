"""Clean look-alike: TFP ``minimize_stateless`` after the fix splits off a seed for the initial step.

Source: https://github.com/tensorflow/probability/commit/f32c8d4e3ffb44cdaf8c086ab5577bbc8d489516
(tensorflow_probability/python/math/minimize.py, ``_minimize_common``)

The fixed ``_minimize_common`` does ``init_seed, seed = samplers.split_seed(seed)``,
takes the initial optimizer step with ``init_seed`` and carries ``seed`` into the
loop, whose body splits it again at every step. No key is used twice, and the
jit-compiled minimisation passes jax's key-reuse checker.

Observed on jax 0.10.2: runs
"""
import functools
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp


class MinimizeTraceableQuantities(NamedTuple):
    step: Any
    loss: Any
    gradients: Any
    parameters: Any
    optimizer_state: Any
    seed: Any


class SGD:
    """Pure functional optimizer with optax's ``init``/``update`` interface."""

    def __init__(self, learning_rate):
        self.learning_rate = learning_rate

    def init(self, parameters):
        return ()

    def update(self, grads, optimizer_state, parameters):
        return jax.tree.map(lambda g: -self.learning_rate * g, grads), optimizer_state


def _make_stateless_optimizer_step_fn(loss_fn, optimizer):
    def optimizer_step(parameters, optimizer_state, seed=None):
        loss, grads = jax.value_and_grad(functools.partial(loss_fn, seed=seed))(parameters)
        updates, optimizer_state = optimizer.update(grads, optimizer_state, parameters)
        parameters = jax.tree.map(lambda a, b: a + b, parameters, updates)
        return loss, grads, parameters, optimizer_state
    return optimizer_step


def _make_training_loop_body(optimizer_step_fn):
    def training_loop_body(previous, step):
        seed, next_seed = jax.random.split(previous.seed)
        loss, grads, parameters, optimizer_state = optimizer_step_fn(
            previous.parameters, previous.optimizer_state, seed=seed)
        new = MinimizeTraceableQuantities(
            step=step, loss=loss, gradients=grads, parameters=parameters,
            optimizer_state=optimizer_state, seed=next_seed)
        return new, loss
    return training_loop_body


def _minimize_common(num_steps, optimizer_step_fn, initial_parameters,
                     initial_optimizer_state, seed):
    init_seed, seed = jax.random.split(seed)
    # Take an initial training step to obtain the initial loss and values.
    (initial_loss,
     initial_grads,
     initial_parameters,
     initial_optimizer_state) = optimizer_step_fn(
         parameters=initial_parameters,
         optimizer_state=initial_optimizer_state,
         seed=init_seed)
    initial_state = MinimizeTraceableQuantities(
        step=0,
        loss=initial_loss,
        gradients=initial_grads,
        parameters=initial_parameters,
        optimizer_state=initial_optimizer_state,
        seed=seed)
    final_state, losses = jax.lax.scan(
        _make_training_loop_body(optimizer_step_fn), initial_state,
        jnp.arange(1, num_steps))
    return final_state.parameters, jnp.concatenate([initial_loss[None], losses])


def minimize_stateless(loss_fn, init, num_steps, optimizer, seed):
    return _minimize_common(
        num_steps=num_steps,
        optimizer_step_fn=_make_stateless_optimizer_step_fn(loss_fn, optimizer),
        initial_parameters=init,
        initial_optimizer_state=optimizer.init(init),
        seed=seed)


def noisy_quadratic(x, seed=None):
    target = 5.0 + 0.1 * jax.random.normal(seed, x.shape)
    return jnp.sum((x - target) ** 2)


optimizer = SGD(learning_rate=0.1)


@jax.jit
def fit(init, seed):
    return minimize_stateless(noisy_quadratic, init, num_steps=20,
                              optimizer=optimizer, seed=seed)


def run():
    with jax.debug_key_reuse(True):
        final_x, losses = fit(jnp.zeros(3), jax.random.key(0))
        return float(losses[-1])
