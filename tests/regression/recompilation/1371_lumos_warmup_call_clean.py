"""lumos jits its model functions and always makes one warm-up call with representative inputs
before the timed optimisation loop, so the first-call compile overhead is paid once; every later
call has the same shapes and dtypes and reuses the executable.

Source: https://github.com/numagic/lumos/pull/39
Observed on jax 0.10.x: vehicle_dynamics compiled 1 times
"""
import jax
import jax.numpy as jnp


@jax.jit
def vehicle_dynamics(states, inputs, params):
    vx, vy, r = states[0], states[1], states[2]
    steer, throttle = inputs[0], inputs[1]
    ax = throttle * params[0] - params[1] * vx ** 2
    ay = steer * vx * params[2]
    return jnp.stack([ax, ay - r * vx, steer * params[3]])


def run():
    params = jnp.array([5.0, 0.01, 1.2, 0.8])
    states = jnp.array([10.0, 0.0, 0.0])
    vehicle_dynamics(states, jnp.zeros(2), params)  # warm-up: compile once
    for t in range(3):
        inputs = jnp.array([0.01 * t, 0.5])
        states = states + 0.01 * vehicle_dynamics(states, inputs, params)
    return None


if __name__ == "__main__":
    run()
