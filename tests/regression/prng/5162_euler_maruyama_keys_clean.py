"""SDE integrator of a stochastic-interpolant/flow library: `Integrator.trajectory` splits the key
once into `n_steps` keys before the scan and step `i` reads `keys[i]`, so the Euler-Maruyama step
draws fresh Brownian increments at every step (the deterministic integrators get a dummy key array
they ignore). The single parent key is consumed exactly once, by that split.

Source: https://github.com/act65/flow/blob/36ccd07f53abd438790ab8663ecd003772170e49/flow/integrators.py#L27-L76
Observed on jax 0.10.x: 0 of 3 calls
"""
import jax
import jax.numpy as jnp
from jax import lax, random


class Integrator():
    def __init__(self, ode, diffusion=None):
        self.ode = ode
        self.diffusion = diffusion

    def step(self, x, *args, **kwargs):
        raise NotImplementedError

    def trajectory(self, x_0, t0, t1, n_steps, key, *args):
        ts = jnp.linspace(t0, t1, n_steps + 1)
        dt = ts[1] - ts[0]
        if key is not None:
            keys = random.split(key, n_steps)
        else:
            keys = jnp.zeros((n_steps, 2), dtype=jnp.uint32)

        def scan_fn(x, i):
            y = self.step(x, ts[i], dt, keys[i], *args)
            return y, y

        _, xs = lax.scan(scan_fn, x_0, jnp.arange(n_steps))
        return jnp.concatenate([x_0[None], xs], axis=0)


class EulerMaruyama(Integrator):
    def __init__(self, ode, diffusion):
        if diffusion is None:
            raise ValueError("EulerMaruyama integrator requires a diffusion function.")
        super().__init__(ode, diffusion)

    def step(self, x, t, dt, key, *args):
        drift = self.ode(x, t, *args)
        diffusion_term = self.diffusion(t)
        noise = random.normal(key, shape=x.shape)
        return x + drift * dt + diffusion_term * jnp.sqrt(dt) * noise


def run():
    em = EulerMaruyama(lambda x, t: jnp.zeros_like(x), lambda t: 1.0)
    traj = jax.jit(em.trajectory, static_argnums=(3,))(jnp.zeros(3), 0.0, 1.0, 4, random.PRNGKey(0))
    increments = jnp.diff(traj, axis=0)
    return sum(int(bool(jnp.allclose(increments[i], increments[i + 1]))) for i in range(3))
