"""Actor component for DrQ-V2 (acme-style)."""
import jax
import numpy as np


class DrQV2Actor:
    def __init__(self, policy, random_key, params, jit=True):
        self._random_key = random_key
        self._params = params
        self._state = None
        self._num_steps = 0

        def init(rng):
            return rng

        def select_action(params, observation, state, step):
            rng = state
            rng1, rng2 = jax.random.split(rng)
            action, stddev = policy(params, rng1, observation[None], step)
            return (action[0], stddev), rng2

        if jit:
            self._init = jax.jit(init)
            self._policy = jax.jit(select_action)
        else:
            self._init = init
            self._policy = select_action

    def select_action(self, observation):
        (action, stddev), self._state = self._policy(
            self._params, observation, self._state, self._num_steps
        )
        self._num_steps += 1
        return np.asarray(action), float(stddev)

    def observe_first(self):
        self._random_key, key = jax.random.split(self._random_key)
        self._state = self._init(key)
