"""AutoResetWrapper (jumanji/wrappers.py, early 2023)."""
import jax


class AutoResetWrapper:
    def __init__(self, env):
        self._env = env

    def reset(self, key):
        return self._env.reset(key)

    def _auto_reset(self, state, timestep):
        # Make sure that the random key in the environment changes at each call to reset.
        key, _ = jax.random.split(state.key)
        state, reset_timestep = self._env.reset(key)
        return state, timestep._replace(done=timestep.done)

    def step(self, state, action):
        state, timestep = self._env.step(state, action)
        return jax.lax.cond(timestep.done, self._auto_reset, lambda s, t: (s, t), state, timestep)
