"""Adaptive Heun-Euler integrator for a neural ODE, jitted with equinox.filter_jit."""
import equinox as eqx
import jax
import jax.numpy as jnp


class MLPField(eqx.Module):
    layers: list

    def __init__(self, hidden_dims, key):
        keys = jax.random.split(key, len(hidden_dims) - 1)
        self.layers = [eqx.nn.Linear(a, b, key=k)
                       for a, b, k in zip(hidden_dims[:-1], hidden_dims[1:], keys)]

    def __call__(self, t, y):
        for layer in self.layers[:-1]:
            y = jnp.tanh(layer(y))
        return self.layers[-1](y)


@eqx.filter_jit
def run_solver(field, y0, t_span, options):
    t0, t1 = t_span
    atol, rtol = options["atol"], options["rtol"]

    def cond(carry):
        t, _, _ = carry
        return t < t1

    def body(carry):
        t, y, dt = carry
        dt = jnp.minimum(dt, t1 - t)
        k1 = field(t, y)
        k2 = field(t + dt, y + dt * k1)
        y_high = y + 0.5 * dt * (k1 + k2)
        err = jnp.max(jnp.abs(y_high - (y + dt * k1)) / (atol + rtol * jnp.abs(y_high)))
        accept = err <= 1.0
        factor = jnp.clip(0.9 * err ** -0.5, 0.2, 5.0)
        return (jnp.where(accept, t + dt, t), jnp.where(accept, y_high, y), dt * factor)

    _, y1, _ = jax.lax.while_loop(cond, body, (t0, y0, jnp.asarray(0.01)))
    return y1
