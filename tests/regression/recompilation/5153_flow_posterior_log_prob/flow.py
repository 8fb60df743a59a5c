import jax.numpy as jnp
from jax import lax, jit


class Euler:
    def __init__(self, ode):
        self.ode = ode

    def solve(self, x_0, t0, t1, n_steps):
        ts = jnp.linspace(t0, t1, n_steps + 1)
        dt = ts[1] - ts[0]

        def step_fn(i, x):
            return x + self.ode(x, ts[i]) * dt

        return lax.fori_loop(0, n_steps, step_fn, x_0)


class Flow:
    # a deterministic flow
    def __init__(self, velocity, n_steps):
        self.n_steps = n_steps
        self.velocity = velocity
        self.integrator_f = Euler(self.velocity)
        self.integrator_b = Euler(lambda x, t: -self.velocity(x, 1.0 - t))

        self.forward = jit(self.forward)
        self.backward = jit(self.backward)

    def forward(self, x_0):
        return self.integrator_f.solve(x_0, 0.0, 1.0, self.n_steps)

    def backward(self, y_T):
        return self.integrator_b.solve(y_T, 0.0, 1.0, self.n_steps)
