"""Fixed-wing flight simulator in JAX, PID gain tuning. The jitted
`evaluate_single_scenario(config, roll_cmd, pitch_cmd, yaw_rate_cmd, speed_cmd, dt=0.004,
n_steps=2500)` rolls the closed loop out with
`jax.lax.scan(sim_step, ..., jnp.arange(n_steps))`. The tuning loss always relies on the
defaults, but `n_steps` is an ordinary (traced) parameter: a quick tuning run that passes a
shorter horizon, `n_steps=500`, makes `jnp.arange` receive a tracer where it needs a
concrete length, and the call fails (n_steps would have to be static).

Source: https://github.com/TunaBerkPutun/jax_sim_fixed_wing/blob/7829f67e758252a4a015b1664067a6292bcda3f6/jax_sim/controllers/tuning/loss.py#L263
Observed on jax 0.10.x: raises ConcretizationTypeError
"""
import jax.numpy as jnp

from loss import PIDConfig, evaluate_single_scenario


def run():
    config = PIDConfig(kp=jnp.array([0.5, 0.5, 0.2]), ki=jnp.array([0.1, 0.1, 0.0]),
                       kd=jnp.array([0.01, 0.01, 0.0]))
    full = evaluate_single_scenario(config, jnp.deg2rad(10.0), 0.0, 0.0, 20.0)
    quick = evaluate_single_scenario(config, jnp.deg2rad(10.0), 0.0, 0.0, 20.0, n_steps=500)
    return float(full), float(quick)
