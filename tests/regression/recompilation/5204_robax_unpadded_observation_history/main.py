"""Robot-policy evaluation: the first version of the observation history buffer keeps a
`deque(maxlen=size)` per key and `get_observation()` returns `jnp.stack(list(buffer), axis=1)`, so
right after `env.reset()` the history has length 1, then 2, ... until the deque is full. Fed to the
jitted `generate_action` of the simulation rollout, every new history length is a new input shape
and a new compile at the start of each evaluation. (The commit that wired up the jitted sim rollout
changed get_observation to pad the history with the oldest frame to a fixed length.) Rebuilt with a
toy point environment, history size 3 and 5 rollout steps.

Source: https://github.com/michael-lutz/robax/blob/b151bf29fc9c007c185cea3aff3c6f9f2b2ccd08/robax/evaluation/observation_buffer.py#L40
Observed on jax 0.10.x: jitted_generate_action compiled 3 times
"""
import jax
import jax.numpy as jnp

from runner import PointEnv, batch_rollout


def run():
    params = {"w": jnp.ones((2, 2))}
    return batch_rollout(jax.random.PRNGKey(0), params, PointEnv(num_envs=2),
                         observation_sizes={"observation.state": 3}, episode_length=5)
