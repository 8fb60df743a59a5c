"""An `eqx.filter_jit` loss function defined inside `train`, which runs every update.

Source: https://github.com/patrick-kidger/equinox/issues/307
Moving `eqx.filter_jit` from `train` onto the nested `loss_fn` made the code "significantly
slower": the nested function is a new object on every `train` call and compiles every time.

Observed on jax 0.10.x: loss_fn compiled 6 times (two compilations per `train` call under `jax.grad`)
"""

import equinox as eqx
import jax
import jax.numpy as jnp


def train(params, states, rewards):
    @eqx.filter_jit
    def loss_fn(l_params, l_states, l_rewards):
        logits = l_states @ l_params
        return -jnp.mean(jax.nn.log_softmax(logits)[:, 0] * l_rewards)

    grads = jax.grad(loss_fn)(params, states, rewards)  # expect: JAX402
    return params - 0.01 * grads


def run():
    params = jnp.zeros((3, 2))
    for _ in range(3):
        params = train(params, jnp.ones((4, 3)), jnp.ones(4))
