"""agent learning algorithms. JAX implemented. - DQN"""
import random
from collections import namedtuple, deque

import numpy as np
import jax
import jax.numpy as jnp

Experience = namedtuple("experience_with_dones", ("state_t", "action_t", "reward_tp1", "state_tp1", "done"))


def q_estimator(params, x):
    h = jax.nn.relu(x @ params["w1"] + params["b1"])
    return h @ params["w2"] + params["b2"]


class DQN:
    def __init__(self, env, learning_rate, memory_capacity, key):
        self.t = 0  # time step
        self.env = env
        self.learning_rate = learning_rate
        self.gamma = 0.99
        self.minibatch_size = 4
        self.num_actions = env.num_actions
        observation, _ = env.reset()
        self.num_observations = len(observation)
        self.replay_memory = self.Replay_Memory(memory_capacity)
        k1, k2 = jax.random.split(key)
        self.q_params = {
            "w1": 0.1 * jax.random.normal(k1, (self.num_observations, 16)), "b1": jnp.zeros(16),
            "w2": 0.1 * jax.random.normal(k2, (16, self.num_actions)), "b2": jnp.zeros(self.num_actions),
        }
        self.target_q_params = self.q_params
        self.target_q_estimator_update_interval = 5
        self.cumulative_rewards = []

    def train(self, max_num_episodes):
        for episode in range(max_num_episodes):
            print("episode:", episode)
            state_t, _ = self.env.reset()
            cumulative_reward = 0

            while True:
                action_t = self.select_action(state_t, episode, max_num_episodes)
                state_tp1, reward_tp1, terminated, truncated, _ = self.env.step(action_t)
                done = terminated or truncated

                self.replay_memory.remember(Experience(state_t, action_t, reward_tp1, state_tp1, done))

                if len(self.replay_memory) >= self.minibatch_size:
                    experiences = self.replay_memory.retrieve_random_experiences(self.minibatch_size)
                    batch = map(jnp.array, Experience(*zip(*experiences)))
                    self.q_params = self.update_q(self.q_params, self.target_q_params, *batch,
                                                  self.learning_rate, self.gamma)

                if self.t % self.target_q_estimator_update_interval == 0:
                    self.target_q_params = self.q_params

                state_t = state_tp1
                self.t += 1
                cumulative_reward += reward_tp1
                if done:
                    break

            self.cumulative_rewards.append(cumulative_reward)

    def select_action(self, state, episode, max_num_episodes):
        """epsilon-greedy with decaying epsilon."""
        epsilon = 0.05 + (1 - 0.05) * np.exp(-episode / (max_num_episodes * 0.1))
        if np.random.rand() < epsilon:
            action = self.env.sample_action()
        else:
            q_values = q_estimator(self.q_params, state)
            action = np.argmax(q_values)
        return np.array(action)

    @staticmethod
    @jax.jit
    def update_q(q_params, target_q_params, state_j, action_j, reward_jp1, state_jp1, done_j,
                 learning_rate, gamma):
        target_q_values = reward_jp1 + gamma * jnp.max(q_estimator(target_q_params, state_jp1), axis=1) * (1 - done_j)

        def loss_function(params):
            q_values = q_estimator(params, state_j)
            q_values = q_values[jnp.arange(q_values.shape[0]), action_j.squeeze()]
            return ((target_q_values - q_values) ** 2).mean()

        grads = jax.grad(loss_function)(q_params)
        return jax.tree_util.tree_map(lambda p, g: p - learning_rate * g, q_params, grads)

    class Replay_Memory:
        def __init__(self, memory_capacity):
            self.storage = deque([], maxlen=memory_capacity)

        def remember(self, experience):
            self.storage.append(experience)

        def retrieve_random_experiences(self, batch_size):
            return random.sample(self.storage, batch_size)

        def __len__(self):
            return len(self.storage)
