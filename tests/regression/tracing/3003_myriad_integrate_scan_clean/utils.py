from enum import Enum

import jax.numpy as jnp
from jax import lax


class IntegrationMethod(Enum):
    EULER = "CONSTANT"
    HEUN = "LINEAR"
    MIDPOINT = "MIDPOINT"
    RK4 = "RK4"


def integrate_time_independent(dynamics_t, x_0, interval_us, h, N, integration_method):
    def rk4_step(x, u1, u2, u3):
        k1 = dynamics_t(x, u1)
        k2 = dynamics_t(x + h * k1 / 2, u2)
        k3 = dynamics_t(x + h * k2 / 2, u2)
        k4 = dynamics_t(x + h * k3, u3)
        return x + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)

    def heun_step(x, u1, u2):
        k1 = dynamics_t(x, u1)
        k2 = dynamics_t(x + h * k1, u2)
        return x + h / 2 * (k1 + k2)

    def euler_step(x, u):
        return x + h * dynamics_t(x, u)

    def fn(carried_state, idx):
        if integration_method == IntegrationMethod.EULER:
            one_step_forward = euler_step(carried_state, interval_us[idx])
        elif integration_method == IntegrationMethod.HEUN:
            one_step_forward = heun_step(carried_state, interval_us[idx], interval_us[idx + 1])
        elif integration_method == IntegrationMethod.RK4:
            one_step_forward = rk4_step(carried_state, interval_us[2 * idx], interval_us[2 * idx + 1],
                                        interval_us[2 * idx + 2])
        else:
            print("Please choose an integration order among: {CONSTANT, LINEAR, QUADRATIC}")
            raise KeyError
        return one_step_forward, one_step_forward  # (carry, y)

    x_T, all_next_states = lax.scan(fn, x_0, jnp.arange(N))
    return x_T, jnp.concatenate((x_0[jnp.newaxis], all_next_states))
