"""(run_mujoco_sac.py) jaxrl_m's SAC keeps its PRNG key inside the agent pytree. The jitted `update` splits
`agent.rng` three ways (`new_rng, curr_key, next_key`), uses the two subkeys for the actor and
critic losses and returns `agent.replace(rng=new_rng, ...)`, so the next update starts from a new
key. The training script keeps a separate `exploration_rng` and splits it on every environment
step before `agent.sample_actions(obs, seed=key)`. Nothing is drawn twice from one key.

Source: https://github.com/dibyaghosh/jaxrl_m/blob/54ef8acb640b3955ae1370a1a309c2ab12427dc9/examples/mujoco/sac.py#L35
Source: https://github.com/dibyaghosh/jaxrl_m/blob/54ef8acb640b3955ae1370a1a309c2ab12427dc9/examples/mujoco/run_mujoco_sac.py#L89
Observed on jax 0.10.x: 0 of 5 calls
"""
import jax
import numpy as np

from sac import SACAgent


def run():
    rng = np.random.RandomState(0)
    agent = SACAgent(rng=jax.random.PRNGKey(1),
                     actor={'w': 0.1 * rng.randn(5, 2).astype(np.float32), 'log_std': np.zeros(2, np.float32)},
                     critic={'w_a': np.ones(2, np.float32)},
                     temp=np.float32(1.0))
    exploration_rng = jax.random.PRNGKey(0)
    obs = rng.randn(1, 5).astype(np.float32)
    repeats, seen_actions, seen_keys = 0, [], []
    for i in range(5):
        exploration_rng, key = jax.random.split(exploration_rng)
        action = np.asarray(agent.sample_actions(obs, seed=key))
        batch = {'observations': rng.randn(8, 5).astype(np.float32),
                 'next_observations': rng.randn(8, 5).astype(np.float32),
                 'actions': rng.uniform(-1, 1, (8, 2)).astype(np.float32),
                 'rewards': rng.randn(8).astype(np.float32),
                 'masks': np.ones(8, np.float32)}
        agent, info = agent.update(batch)
        next_key = np.asarray(info['next_key'])
        repeats += any(np.array_equal(action, a) for a in seen_actions) or any(np.array_equal(next_key, k) for k in seen_keys)
        seen_actions.append(action)
        seen_keys.append(next_key)
    return repeats
