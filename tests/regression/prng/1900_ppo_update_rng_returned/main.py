"""PPO training loop from a gymnax baselines repository. `update` shuffles the rollout batch
into minibatches with `jax.random.permutation(rng, idxes)` once per PPO epoch, never splitting
`rng`, and hands the very same key back (`return avg_metrics_dict, train_state, rng`). The
training loop stores it as `rng_update` and passes it to the next `update` call, so every
update replays exactly the same sequence of minibatch orderings.

Source: https://github.com/RobertTLange/gymnax-blines/blob/3f029d6b98afb0d654d387b5bc0f7a592373ad66/utils/ppo.py#L398
Observed on jax 0.10.x: 2 of 2 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

from ppo import update


def train_ppo(rng, num_updates=3, num_envs=4, n_steps=8):
    rng, rng_data, rng_update = jax.random.split(rng, 3)
    params = jnp.zeros((3,))
    obs = jax.random.normal(rng_data, (n_steps, num_envs, 3))
    target = obs @ jnp.array([1.0, -2.0, 0.5])
    all_orders = []
    for _ in range(num_updates):
        metric_dict, params, rng_update = update(
            params, (obs, target), num_envs, n_steps, 4, 2, 0.1, rng_update
        )
        all_orders.append(metric_dict["orders"])
    return all_orders


def run():
    all_orders = train_ppo(jax.random.PRNGKey(0))
    same = 0
    for prev, cur in zip(all_orders, all_orders[1:]):
        same += all(np.array_equal(a, b) for a, b in zip(prev, cur))
    return same
