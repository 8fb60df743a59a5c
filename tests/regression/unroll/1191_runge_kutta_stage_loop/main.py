"""ODE solver unrolls its Runge-Kutta stages in Python inside a differentiated solve.

Source: https://github.com/patrick-kidger/diffrax/issues/94
What happened: in "Slow `jit` compilation time compared to `jax.experimental.ode.odeint`"
dominicrufa jitted the gradient of a loss through `diffeqsolve` (a Haiku MLP vector field,
Dopri5) and saw much longer compile times than with odeint.  Patrick Kidger traced it to
"this for loop" in diffrax/solver/runge_kutta.py -- the loop over the tableau's stages in
`AbstractRungeKutta.step` -- "where the equivalent spot in jax.experimental.ode.odeint uses
a jax.lax.fori_loop"; switching to Heun (fewer stages) or to "a scrappy implementation
that switches out that for loop for a lax.scan" cut the compile time, and PR #124 added
`AbstractRungeKutta(scan_stages=...)`.  Here the tableau, the solver (stage loop in
Python) and a jitted gradient of a neural-ODE loss are split across modules.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from solver import diffeqsolve


def mlp_field(t, y, params):
    h = jnp.tanh(params["w1"] @ y + params["b1"])
    return params["w2"] @ h


@jax.jit
def loss_and_grad(params, y0, target):
    def loss(p):
        y1 = diffeqsolve(mlp_field, y0, 0.0, 1.0, 20, p)
        return jnp.sum((y1 - target) ** 2)

    return jax.value_and_grad(loss)(params)


def run():
    k = jax.random.split(jax.random.PRNGKey(0), 2)
    params = {"w1": 0.3 * jax.random.normal(k[0], (16, 3)), "b1": jnp.zeros(16),
              "w2": 0.3 * jax.random.normal(k[1], (3, 16))}
    value, grads = loss_and_grad(params, jnp.ones(3), jnp.zeros(3))
    return float(value)


if __name__ == "__main__":
    print(run())
