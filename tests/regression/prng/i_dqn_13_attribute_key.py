"""Rebuilt from https://github.com/theovincent/i-DQN/issues/13: the exploration schedule splits
its stored key to decide whether to explore, and the action is drawn from that same stored key,
so the next decision is correlated with this action."""
import jax


class Schedule:
    def __init__(self, key, epsilon):
        self.key = key
        self.epsilon = epsilon

    def explore(self):
        self.key, sub = jax.random.split(self.key)
        return jax.random.uniform(sub) < self.epsilon


def act(schedule, q_values, num_actions):
    if schedule.explore():
        return jax.random.randint(schedule.key, (), 0, num_actions)  # missed: JAX501 (`schedule` has no annotation and no caller in the module tells its class)
    return q_values.argmax()
