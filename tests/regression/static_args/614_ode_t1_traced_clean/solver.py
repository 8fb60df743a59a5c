from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("f", "num_steps"))
def euler_solve(f, y0, t0, t1, num_steps=32):
    dt = (t1 - t0) / num_steps

    def body(i, y):
        t = t0 + i * dt
        return y + dt * f(t, y)

    return jax.lax.fori_loop(0, num_steps, body, y0)
