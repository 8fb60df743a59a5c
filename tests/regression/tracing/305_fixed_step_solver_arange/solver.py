import jax
import jax.numpy as jnp


def fixed_step_solve(rhs, t_span, y0, max_dt):
    """Rudimentary explicit Euler with the number of steps derived from the span."""
    delta_t = t_span[1] - t_span[0]
    steps = jnp.array(delta_t // max_dt).astype(int)
    h = delta_t / steps

    def body(y, step):
        t = t_span[0] + h * step
        return y + rhs(t, y) * h, None

    y_final, _ = jax.lax.scan(body, y0, jnp.arange(steps))  # expect: JAX204
    return y_final
