"""DynODE wanted more descriptive errors when diffrax hit its `max_steps` ceiling, so a
branch passed `throw=False` to the solver and then checked `if not diffrax.is_okay(
solution.result): log accepted/rejected steps` in `simulate()`. That works when a single
timeseries is simulated eagerly, but inside an inference process (numpyro/JAX tracing the
model) the result code is a tracer and the Python `if` raises TracerBoolConversionError.

Source: https://github.com/CDCgov/DynODE/issues/447
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp

from model import simulate


@jax.jit
def log_likelihood(beta, observed):
    ys = simulate(jnp.array([0.99, 0.0, 0.01, 0.0]), beta)
    return -jnp.sum((ys[:, 2] - observed) ** 2)


def run():
    observed = jnp.linspace(0.01, 0.1, 60)
    return log_likelihood(0.4, observed)
