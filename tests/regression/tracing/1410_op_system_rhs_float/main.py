"""The op_system maintainers want gradient-based inference (NUTS through a diffrax-style solve)
on a compiled SIR right-hand side. The compiler in compile.py coerces everything to NumPy / Python
scalars: parameters via float(...), the state via np.asarray(..., dtype=np.float64), outputs via
np.empty + np.float64. Stepping the system inside jax.jit hands tracers to those coercions and the
very first one, float(params[...]), fails with a ConcretizationTypeError.

Source: https://github.com/ACCIDDA/op_system/issues/74
Observed on jax 0.10.x: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp

from compile import SystemSpec, compile_rhs

sir = SystemSpec(
    state=("S", "I", "R"),
    params=("beta", "gamma"),
    equations=("-beta * S * I", "beta * S * I - gamma * I", "gamma * I"),
)
rhs = compile_rhs(sir)


@jax.jit
def rk4_step(t, y, params, dt):
    k1 = jnp.asarray(rhs(t, y, params))
    k2 = jnp.asarray(rhs(t + dt / 2, y + dt / 2 * k1, params))
    k3 = jnp.asarray(rhs(t + dt / 2, y + dt / 2 * k2, params))
    k4 = jnp.asarray(rhs(t + dt, y + dt * k3, params))
    return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def run():
    y = jnp.array([0.99, 0.01, 0.0])
    params = {"beta": jnp.array(0.3), "gamma": jnp.array(0.1)}
    for i in range(3):
        y = rk4_step(0.1 * i, y, params, 0.1)
    return 0
