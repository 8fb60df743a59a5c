"""Flax's PPO example (ported to optax/TrainState) performs one epoch of minibatch updates
inside a jitted `train_step`: it reshapes the trajectories to
`(iterations, batch_size, ...)` with `iterations = trajectories[0].shape[0] // batch_size`
and then iterates `for batch in zip(*trajectories)`, taking a `value_and_grad` and an
optimizer step per minibatch.  Iterating over the arrays' leading axis in Python unrolls
one full forward/backward/update per minibatch into the compiled program, so compile time
grows with the number of actor steps collected per update.
(Flax's TrainState is replaced here by an equivalent equinox module.)

Source: https://github.com/google/flax/pull/1404
Observed on jax 0.10.x: train_step compiled 1 times
"""
import jax
import jax.numpy as jnp
import optax

from ppo_lib import train_step
from train_state import TrainState

N_ACTIONS = 4


def actor_critic(params, states):
    h = jnp.tanh(states @ params["w1"])
    logits = h @ params["w_pi"]
    return jax.nn.log_softmax(logits), h @ params["w_v"]


def run():
    key = jax.random.PRNGKey(0)
    ks = jax.random.split(key, 4)
    params = {"w1": 0.1 * jax.random.normal(ks[0], (6, 16)),
              "w_pi": 0.1 * jax.random.normal(ks[1], (16, N_ACTIONS)),
              "w_v": 0.1 * jax.random.normal(ks[2], (16, 1))}
    state = TrainState.create(apply_fn=actor_critic, params=params, tx=optax.adam(2.5e-4))
    n = 64  # actor steps * num agents
    trajectories = (jax.random.normal(ks[3], (n, 6)),
                    jax.random.randint(ks[3], (n,), 0, N_ACTIONS),
                    jnp.full((n,), -1.4),
                    jnp.ones((n,)),
                    jax.random.normal(ks[2], (n,)))
    state, loss = train_step(state, trajectories, 0.1, 0.5, 0.01, 8)
    return loss
