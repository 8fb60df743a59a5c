"""Fly mushroom-body plasticity model: `simulate` runs an experiment with
`jax.lax.scan` over trials and, inside each trial, `jax.vmap(network_forward)` over
the odor presentations; the plastic update is vmapped over synapses. The only
Python-level loop is the comprehension picking the last activation of each
(two-entry) layer list. Looks like a time loop in jitted code, but nothing unrolls
with the number of trials.

Source: https://github.com/yashsmehta/MetaLearnPlasticity/blob/69864aea7c830f7394bae5fd21f6e7d525c1e295/plasticity/model.py#L68-L144
Observed on jax 0.10.x: simulate compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp


def network_forward(params, x):
    act = [x]
    for w, b in params:
        act.append(jax.nn.sigmoid(act[-1] @ w + b))
    return act


def plasticity_func(pre, reward, w, coeffs):
    return coeffs[0] * pre * reward + coeffs[1] * w


def update_params(params, activations, plasticity_coeffs, reward, expected_reward):
    input_dim = params[0][0].shape[0]
    lr = 1.0 / input_dim
    reward_term = reward - expected_reward
    w, b = params[0]
    vmap_inputs = jax.vmap(plasticity_func, in_axes=(None, None, 0, None))
    vmap_synapses = jax.vmap(vmap_inputs, in_axes=(0, None, 0, None))
    dw = vmap_synapses(activations[0], reward_term, w, plasticity_coeffs)
    return [(w + lr * dw, b)] + list(params[1:])


def network_step(trial_inputs, params, plasticity_coeffs, reward, expected_reward, trial_length):
    activations = jax.vmap(network_forward, in_axes=(None, 0))(params, trial_inputs)
    last_odor_activations = [a[trial_length - 1] for a in activations]
    params = update_params(params, last_odor_activations, plasticity_coeffs, reward, expected_reward)
    return params, (params, activations[-1])


@jax.jit
def simulate(initial_params, plasticity_coeffs, xs, rewards, expected_rewards, trial_lengths):
    def step(carry, stimulus):
        x, reward, expected_reward, trial_length = stimulus
        return network_step(x, carry, plasticity_coeffs, reward, expected_reward, trial_length)

    final_params, (params_trajec, activations) = jax.lax.scan(
        step, initial_params, (xs, rewards, expected_rewards, trial_lengths))
    return params_trajec, activations


def run():
    key = jax.random.PRNGKey(0)
    k1, k2, k3 = jax.random.split(key, 3)
    params = [(0.1 * jax.random.normal(k1, (4, 3)), jnp.zeros(3)),
              (0.1 * jax.random.normal(k2, (3, 1)), jnp.zeros(1))]
    num_trials, trial_len = 60, 5
    xs = jax.random.uniform(k3, (num_trials, trial_len, 4))
    rewards = jnp.ones((num_trials,))
    expected = jnp.full((num_trials,), 0.5)
    lengths = jnp.full((num_trials,), trial_len)
    for _ in range(2):
        params_trajec, acts = simulate(params, jnp.array([0.1, -0.01]), xs, rewards, expected, lengths)
    return None
