"""Discovered Policy Optimisation (brax PPO variant): the PRNG key lives in a `TrainingState`
NamedTuple and is threaded through three nested `lax.scan`s. `run_epoch` splits
`training_state.key` into keys for the rollout and for the minimisation and stores the third
split as the new key; `minimize_epoch` splits again for the minibatch permutation and the
gradient noise. Looks like a key stored in a state pytree and consumed in scanned bodies, but
every consumer gets its own split and the state carries the fresh key forward.

Source: https://github.com/luchris429/discovered-policy-optimisation/blob/c412884cf6525155d9fb2d7e3c9e171e27d285cc/dpo/dpo.py#L293
Observed on jax 0.10.x: 0 of 3 calls
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class TrainingState(NamedTuple):
    params: jnp.ndarray
    key: jnp.ndarray


num_minibatches, num_update_epochs, unroll_length = 2, 2, 4


def do_one_step(carry, unused_t):
    obs, params, key = carry
    key, key_sample = jax.random.split(key)
    actions = obs @ params + 0.1 * jax.random.normal(key_sample, (obs.shape[0],))
    return (obs + actions[:, None], params, key), actions


def minimize_epoch(carry, unused_t):
    params, data, key = carry
    key, key_perm, key_grad = jax.random.split(key, 3)
    permutation = jax.random.permutation(key_perm, data.shape[1])
    ndata = jnp.take(data, permutation, axis=1).reshape(data.shape[0], num_minibatches, -1)
    noise = 1e-3 * jax.random.normal(key_grad, params.shape)
    params = params - 1e-2 * jnp.mean(ndata) + noise
    return (params, data, key), permutation


def run_epoch(carry, unused_t):
    training_state, obs = carry
    key_minimize, key_generate_unroll, new_key = jax.random.split(training_state.key, 3)
    (obs, _, _), data = jax.lax.scan(
        do_one_step, (obs, training_state.params, key_generate_unroll), (), length=unroll_length)
    (params, _, _), perms = jax.lax.scan(
        minimize_epoch, (training_state.params, data, key_minimize), (), length=num_update_epochs)
    new_training_state = TrainingState(params=params, key=new_key)
    return (new_training_state, obs), perms


@jax.jit
def minimize_loop(training_state, obs):
    return jax.lax.scan(run_epoch, (training_state, obs), (), length=1)


def run():
    key = jax.random.PRNGKey(0)
    key, init_key = jax.random.split(key)
    training_state = TrainingState(params=0.1 * jax.random.normal(init_key, (3,)), key=key)
    obs = jnp.ones((6, 3))
    all_perms = []
    for _ in range(4):
        (training_state, obs), perms = minimize_loop(training_state, obs)
        all_perms.append(np.asarray(perms))
    return sum(np.array_equal(a, b) for a, b in zip(all_perms, all_perms[1:]))
