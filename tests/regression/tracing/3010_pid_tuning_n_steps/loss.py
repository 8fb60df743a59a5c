from typing import NamedTuple

import jax
import jax.numpy as jnp


class PIDConfig(NamedTuple):
    kp: jax.Array
    ki: jax.Array
    kd: jax.Array


class PIDState(NamedTuple):
    rate_integral: jax.Array
    prev_rates: jax.Array


def cascade_pid_step(setpoints, state, pid_state, config, dt):
    err = setpoints[:3] - state[:3]
    integral = pid_state.rate_integral + err * dt
    deriv = (state[:3] - pid_state.prev_rates) / dt
    act = config.kp * err + config.ki * integral - config.kd * deriv
    return jnp.clip(act, -1.0, 1.0), PIDState(integral, state[:3])


@jax.jit
def evaluate_single_scenario(
    config: PIDConfig,
    roll_cmd: float,
    pitch_cmd: float,
    yaw_rate_cmd: float,
    speed_cmd: float,
    dt: float = 0.004,
    n_steps: int = 2500,
) -> float:
    """Run one test scenario and return loss."""
    state0 = jnp.zeros(4).at[3].set(20.0)
    pid_state0 = PIDState(rate_integral=jnp.zeros(3), prev_rates=jnp.zeros(3))
    setpoints = jnp.array([roll_cmd, pitch_cmd, yaw_rate_cmd, speed_cmd])

    def sim_step(carry, _):
        state, pid_state = carry
        actuators, new_pid_state = cascade_pid_step(setpoints, state, pid_state, config, dt)
        next_state = state + dt * jnp.concatenate([actuators * 5.0, jnp.array([0.0])])
        tracking_loss = jnp.sum((next_state[:3] - setpoints[:3]) ** 2)
        return (next_state, new_pid_state), tracking_loss

    _, losses = jax.lax.scan(sim_step, (state0, pid_state0), jnp.arange(n_steps))  # expect: JAX204

    total_loss = jnp.sum(losses)
    total_loss = jnp.where(jnp.isnan(total_loss), 1e8, total_loss)
    return total_loss
