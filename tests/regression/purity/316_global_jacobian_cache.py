"""Newton solver caches its Jacobian in a module global from inside jit.

Source: https://github.com/jax-ml/jax/issues/2884
The reporter spent days chasing escaped tracers in nested jitted solver code; the
maintainer's first advice is to be careful about side effects.  Here a Newton solver
stores the last Jacobian in a module-level global (to reuse it as a preconditioner on
the next solve); the global is rebound to a tracer during tracing, and the eager warm
start that reads it later fails.

Observed on jax 0.10.2: raises UnexpectedTracerError
"""
import jax
import jax.numpy as jnp

_LAST_JACOBIAN = None


def residual(x, a):
    return x ** 3 + a * x - 1.0


@jax.jit
def newton_step(x, a):
    global _LAST_JACOBIAN
    jac = jax.jacfwd(residual)(x, a)
    _LAST_JACOBIAN = jac  # expect: JAX103
    return x - jnp.linalg.solve(jac, residual(x, a))


def warm_start_guess(x):
    # eager code reuses the cached Jacobian
    return x - 0.1 * jnp.diag(_LAST_JACOBIAN)


def run():
    x = jnp.ones(3)
    a = jnp.array([1.0, 2.0, 3.0])
    for _ in range(2):
        x = newton_step(x, a)
    return warm_start_guess(x)
