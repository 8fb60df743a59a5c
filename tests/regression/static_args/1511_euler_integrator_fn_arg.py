"""A user writing a differential-equation solver in JAX jitted both the vector
field `dxdt` and the Euler step `integrator(f, t, x, dt)`, then called the
jitted integrator in a Python loop over `t_arr`, appending every state to a list
before converting it with `jnp.array(x_list)`. The function `f` is passed at a
traced position of the jitted `integrator`, so jit cannot turn it into an
abstract array and the very first step fails.

Source: https://devhide.com/appending-to-list-alternative-workflow-for-jax-77354582
Observed on jax 0.10.x: raises TypeError
"""
import jax.numpy as jnp
from jax import jit


@jit
def dxdt(t, x):
    return -x ** 2


@jit
def integrator(f, t, x, dt):
    return x + f(t, x) * dt


def run():
    t_arr = jnp.linspace(0, 10, 100)
    dt = t_arr[1] - t_arr[0]
    x_list = []
    x = 1.0
    for t in t_arr:
        x_list.append(x)
        x = integrator(dxdt, t, x, dt)  # expect: JAX306
    return jnp.array(x_list)
