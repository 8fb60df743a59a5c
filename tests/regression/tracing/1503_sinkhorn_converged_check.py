"""A user computing a regularised OT cost with ott's Sinkhorn solver wanted to
return NaN unless the solver had run without numerical issues, following the
maintainers' advice to check `out.converged` and `out.errors`. Inside the
function they later wrapped in `jax.jit`, the check was a Python `if` on those
outputs, which are traced, so jitting raised a concretization error. The fix was
`jnp.where(out.converged, out.reg_ot_cost, jnp.nan)`.

Source: https://github.com/ott-jax/ott/issues/3
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class SinkhornOutput(NamedTuple):
    reg_ot_cost: jnp.ndarray
    errors: jnp.ndarray
    converged: jnp.ndarray


def sinkhorn(x, y, epsilon=0.1, n_iter=20):
    cost = jnp.sum((x[:, None, :] - y[None, :, :]) ** 2, axis=-1)
    K = jnp.exp(-cost / epsilon)
    a = jnp.ones(x.shape[0]) / x.shape[0]
    b = jnp.ones(y.shape[0]) / y.shape[0]
    u = jnp.ones_like(a)

    def body(u, _):
        v = b / (K.T @ u)
        u_new = a / (K @ v)
        return u_new, jnp.max(jnp.abs(u_new - u))

    u, errors = jax.lax.scan(body, u, None, length=n_iter)
    v = b / (K.T @ u)
    P = u[:, None] * K * v[None, :]
    return SinkhornOutput(jnp.sum(P * cost), errors, errors[-1] < 1e-3)


def ot_cost(x, y):
    out = sinkhorn(x, y)
    if out.errors[-1] < 1 and out.converged:  # expect: JAX201
        return out.reg_ot_cost
    return jnp.nan


def run():
    x = jax.random.normal(jax.random.PRNGKey(0), (8, 2))
    y = jax.random.normal(jax.random.PRNGKey(1), (9, 2)) + 1.0
    return jax.jit(ot_cost)(x, y)
