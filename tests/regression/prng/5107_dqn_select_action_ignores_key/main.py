"""Barebones DQN agent: the jitted `select_action(observation, network_params,
epsilon, rngkey)` splits its key, draws `rn = random.uniform(rngkey)` and a random
action, but the epsilon-greedy `lax.cond` that would use them is commented out and
it returns `argmax_a`. The key argument never influences the result, so even with
epsilon=1 the agent acts greedily and never explores; the reproducibility test
(`action1 == action2` for the same key) passes for the wrong reason.

Source: https://github.com/Juno-T/jax-rl/blob/e5b9e8bf17d361917435e333b3846883626dcb92/agents/dqn.py#L84-L93
Observed on jax 0.10.x: 8 of 8 calls
"""
import jax
import jax.numpy as jnp
from jax import random

from network import init_mlp, mlp_apply


class BarebonesDqn:
    def __init__(self, obs_dim, n_actions, epsilon):
        self.obs_dim, self.n_actions = obs_dim, n_actions
        self.epsilon = epsilon
        network_apply = mlp_apply

        @jax.jit
        def select_action(observation, network_params, epsilon, rngkey):  # expect: JAX502
            rngkey, rand_action_key = random.split(rngkey, 2)
            q_t = network_apply(network_params, jnp.expand_dims(observation, 0))[0]
            argmax_a = jnp.argmax(q_t)
            rn = random.uniform(rngkey)
            rand_action = random.randint(rand_action_key, (), 0, len(q_t))
            # action = jax.lax.cond(rn<epsilon, lambda: rand_action, lambda:argmax_a)
            action = argmax_a
            return action

        self.select_action = select_action

    def train_init(self, rng_key):
        self.replay_params = init_mlp(rng_key, [self.obs_dim, 10, self.n_actions])

    def act(self, observation, rngkey):
        action = self.select_action(observation, self.replay_params, self.epsilon, rngkey)
        return int(action)


def run():
    agent = BarebonesDqn(4, 2, epsilon=1.0)
    key = random.PRNGKey(42)
    key, init_key = random.split(key)
    agent.train_init(init_key)
    observation = jnp.array([0.01, -0.02, 0.03, 0.01])
    greedy = int(jnp.argmax(mlp_apply(agent.replay_params, observation[None])[0]))
    act_root_rngkey = key
    same = 0
    for _ in range(8):
        act_root_rngkey, act_rngkey = random.split(act_root_rngkey)
        same += agent.act(observation, act_rngkey) == greedy
    return same
