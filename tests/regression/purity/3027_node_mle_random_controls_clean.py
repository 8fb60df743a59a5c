"""Clean look-alike. In myriad's neural-ODE system-identification experiment, the
prediction plot draws random controls on the host,
`us = np.random.uniform(low=..., high=..., size=(num_steps + 1, control_size))`,
converts them with `jnp.array(us)` and passes them as an argument to the integrator
(here jitted once, with the dynamics and sizes static, and scanned inside). The NumPy randomness runs in plain Python
before the jitted code, so every experiment integrates freshly drawn controls.

Source: https://github.com/nikihowe/myriad/blob/6fb1b1e5c799ed91390076f6bf79f66d53f1fa5b/myriad/experiments/node_mle_sysid.py#L169
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def integrate_time_independent(dynamics_t, x_0, interval_us, h, N):
    def heun_step(x, u1, u2):
        k1 = dynamics_t(x, u1)
        k2 = dynamics_t(x + h * k1, u2)
        return x + h / 2 * (k1 + k2)

    def fn(carried_state, idx):
        one_step_forward = heun_step(carried_state, interval_us[idx], interval_us[idx + 1])
        return one_step_forward, one_step_forward

    x_T, all_next_states = lax.scan(fn, x_0, jnp.arange(N))
    return x_T, jnp.concatenate((x_0[jnp.newaxis], all_next_states))


integrate_jit = jax.jit(integrate_time_independent, static_argnums=(0, 3, 4))


def dynamics(x, u):
    return jnp.array([x[1], -jnp.sin(x[0]) + u[0]])


def run():
    num_steps, control_size = 20, 1
    bounds = np.array([[-1.0, 1.0], [-2.0, 2.0]])
    finals = []
    for experiment_number in range(3):
        x_0 = jnp.array([0.1, 0.0])
        us = np.random.uniform(low=bounds[-1, 0],
                               high=bounds[-1, 1],
                               size=(num_steps + 1, control_size))
        us = jnp.array(us)
        _, predicted_states = integrate_jit(dynamics, x_0, us, 0.05, num_steps)
        finals.append(float(predicted_states[-1, 0]))
    assert len(set(finals)) == 3
    return len(finals)
