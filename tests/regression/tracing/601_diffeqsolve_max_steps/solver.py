import jax
import jax.numpy as jnp


def diffeqsolve(vector_field, t0, t1, y0, dt0, max_steps=4096):
    """Fixed-step Euler integrator with a step budget (diffrax-like signature)."""
    if max_steps == 1:  # expect: JAX201
        return y0 + (t1 - t0) * vector_field(t0, y0)

    def cond(state):
        t, _, n = state
        return (t < t1) & (n < max_steps)

    def body(state):
        t, y, n = state
        return t + dt0, y + dt0 * vector_field(t, y), n + 1

    _, y, _ = jax.lax.while_loop(cond, body, (t0, y0, 0))
    return y
