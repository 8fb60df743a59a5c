"""agent learning algorithms for maze. JAX implemented. - Q-Learning"""
import numpy as np
import jax
import jax.numpy as jnp


@jax.jit
def update_q_table(q_table, state, action, state_tp1, reward_tp1, alpha, gamma):
    q_value = q_table[state, action]
    td_target = reward_tp1 + gamma * jnp.max(q_table[state_tp1])
    q_table = q_table.at[state, action].set(q_value + alpha * (td_target - q_value))

    return q_table


class Q_Learning:
    def __init__(self, env, alpha=0.1, gamma=0.99, epsilon=0.1):
        self.env = env
        self.q_table = jnp.zeros((env.observation_space.n, env.action_space.n), dtype=jnp.float32)
        self.alpha = alpha  # learning rate
        self.gamma = gamma  # discount
        self.epsilon = epsilon  # epsilon-greedy param

        # result
        self.cumulative_rewards = np.array([])

    def learn(self, max_num_episodes):
        self.cumulative_rewards = np.array([])

        for episode in range(max_num_episodes):
            state, _ = self.env.reset()
            done = False
            cumulative_reward = 0

            while not done:
                action = self.select_action(state)
                state_tp1, reward_tp1, terminated, truncated, info = self.env.step(action)
                done = terminated or truncated

                # update Q-table
                q_table = update_q_table(self.q_table, state, action, state_tp1, reward_tp1,
                                         self.alpha, self.gamma)
                self.q_table = q_table

                state = state_tp1
                cumulative_reward += reward_tp1

            self.cumulative_rewards = np.append(self.cumulative_rewards, cumulative_reward)

    def select_action(self, state):
        """epsilon-greedy"""
        if np.random.rand() < self.epsilon:
            action = int(self.env.action_space.sample())
        else:
            action = int(jnp.argmax(self.q_table[state]))

        return action
