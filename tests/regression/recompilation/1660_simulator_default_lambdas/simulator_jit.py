from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("num_steps", "dynamics", "controller", "sensor",
                                   "estimator", "perturbation"))
def simulator_jit(x0, dt, num_steps, dynamics, controller, sensor, estimator, perturbation, key):
    def step(carry, _):
        x, key = carry
        key, subkey = jax.random.split(key)
        y = sensor(x, key=subkey)
        z = estimator(y)
        u = controller(z)
        f, g = dynamics(x)
        p = perturbation(x, u, f, g)(subkey)
        x = x + dt * (f + g @ u + p)
        return (x, key), x

    (_, _), xs = jax.lax.scan(step, (x0, key), None, length=num_steps)
    return xs
