"""7-link arm (constrained variant) simulation: the time loop over all samples stays in Python, outside jit.

The script builds `t = jnp.arange(0, T, dt)`, `l = jnp.size(t)`, and steps the arm with
`for k in range(l):`, calling the jitted `massMatrix`, `dV_func` and the RK4 step once per time
step and writing into `xHist`. The loop runs over a data-sized range, but at the top level of the
script, where each iteration just dispatches the already-compiled kernels (the same few
compilations whatever the number of steps).

Source: https://github.com/c3303516/FYP/blob/2dadb1bfabda45767a89e310754dbdeac49b6556/7LINK_CONSTRAINED/main.py#L673
Observed on jax 0.10.x: rk4 compiled 1 times
"""
import jax
import jax.numpy as jnp
from functools import partial

D = 0.5 * jnp.eye(2)


@jax.jit
def massMatrix(q):
    return jnp.array([[2.0 + jnp.cos(q[1, 0]), 0.5], [0.5, 1.0]])


@jax.jit
def dV_func(q):
    return 9.81 * jnp.sin(q)


def ode_dynamics_wrapper(xt, v, D):
    q, p = xt[:2], xt[2:]
    Mq = massMatrix(q)
    qdot = jnp.linalg.solve(Mq, p)
    pdot = -dV_func(q) - D @ qdot + v
    return jnp.concatenate([qdot, pdot])


@partial(jax.jit, static_argnums=(1,))
def rk4(xt, func, dt, *args):
    k1 = func(xt, *args)
    k2 = func(xt + (k1 * dt) / 2, *args)
    k3 = func(xt + (k2 * dt) / 2, *args)
    k4 = func(xt + (k3 * dt), *args)
    return xt + (k1/6 + k2/3 + k3/3 + k4/6) * dt


def run():
    dt = 0.01
    t = jnp.arange(0, 2.0, dt)
    l = jnp.size(t)
    n = 4
    xHist = jnp.zeros((n, l + 1))
    x0 = jnp.array([[0.5], [0.2], [0.0], [0.0]])
    xHist = xHist.at[:, [0]].set(x0)
    for k in range(l):
        x = xHist.at[:, [k]].get()
        v = jnp.zeros((2, 1))
        x_step = rk4(x, ode_dynamics_wrapper, dt, v, D)
        xHist = xHist.at[:, [k + 1]].set(x_step)
    return None
