"""Deterministic `Flow` class of the same flow library: the jitted `forward`/`backward` take
optional velocity parameters as `*args` and pick `params = args if args else self.velocity_params`.
The truth test is on the Python tuple of positional arguments (empty or not), which is fixed when
the function is traced; the arrays inside it are never converted to bool. The integration loop is
a `lax.fori_loop` with the Python-int `n_steps` set in the constructor.

Source: https://github.com/act65/flow/blob/36ccd07f53abd438790ab8663ecd003772170e49/flow/flow.py#L48-L54
Observed on jax 0.10.x: forward compiled 1 times
"""
import jax.numpy as jnp
from jax import lax, jit


class Euler:
    def __init__(self, ode):
        self.ode = ode

    def solve(self, x_0, t0, t1, n_steps, key, *args):
        ts = jnp.linspace(t0, t1, n_steps + 1)
        dt = ts[1] - ts[0]

        def step_fn(i, x):
            return x + self.ode(x, ts[i], *args) * dt

        return lax.fori_loop(0, n_steps, step_fn, x_0)


class Flow():
    def __init__(self, velocity, n_steps, velocity_params=None):
        self.n_steps = n_steps
        self.velocity = velocity
        self.velocity_params = velocity_params if velocity_params is not None else ()
        self.integrator_f = Euler(self.velocity)
        self.integrator_b = Euler(lambda x, t, *p: -self.velocity(x, 1.0 - t, *p))
        self.forward = jit(self.forward)
        self.backward = jit(self.backward)

    def forward(self, x_0, *args):
        params = args if args else self.velocity_params
        return self.integrator_f.solve(x_0, 0.0, 1.0, self.n_steps, None, *params)

    def backward(self, y_T, *args):
        params = args if args else self.velocity_params
        return self.integrator_b.solve(y_T, 0.0, 1.0, self.n_steps, None, *params)


def run():
    velocity = lambda x, t, w: jnp.tanh(w * x)
    f = Flow(velocity, n_steps=8, velocity_params=(jnp.array(0.5),))
    x0 = jnp.array([0.1, -0.3])
    x1 = f.forward(x0)               # default parameters
    f.forward(x0 + 1.0)
    f.backward(x1)
    return None
