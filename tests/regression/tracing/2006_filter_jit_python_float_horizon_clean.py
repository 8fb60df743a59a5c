"""A stochastic discrete-time dynamical system (equinox Module) exposes an `@eqx.filter_jit`
`trajectory(key, initial_time, final_time, state)` method that computes
`n_steps = int(final_time - initial_time)` and asserts `initial_time <= final_time` before
splitting that many keys. The times are passed as plain Python floats, which `filter_jit`
treats as static (only arrays are traced), so `int()` and the assert see concrete numbers and
each distinct horizon simply gets its own compilation.

Source: https://github.com/Zaijab/data_science_utils/blob/8ae20a7bbf724f5771c538424751c2236052fcce/src/data_science_utils/dynamical_systems/abc.py#L415
Observed on jax 0.10.x: runs
"""
import equinox as eqx
import jax
import jax.numpy as jnp


class StochasticLorenzLikeMap(eqx.Module):
    noise: float = 0.01

    def forward(self, state, key):
        return 0.9 * state + self.noise * jax.random.normal(key, state.shape)

    @eqx.filter_jit
    def trajectory(self, key, initial_time: float, final_time: float, state):
        assert initial_time <= final_time

        n_steps = int(final_time - initial_time)
        step_keys = jax.random.split(key, n_steps)

        def body_fn(carry, step_key):
            next_state = self.forward(carry, step_key)
            return next_state, next_state

        final_state, states = jax.lax.scan(body_fn, state, step_keys)
        return final_state, states


def run():
    system = StochasticLorenzLikeMap()
    key = jax.random.PRNGKey(0)
    _, states = system.trajectory(key, 0.0, 10.0, jnp.ones(3))
    _, states = system.trajectory(key, 0.0, 10.0, jnp.zeros(3))
    return int(states.shape[0])
