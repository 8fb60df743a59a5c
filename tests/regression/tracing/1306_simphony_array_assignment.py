"""simphony's classical simulation filled its S-parameter and source arrays with NumPy-style
item assignment. With the JAX backend enabled the arrays are `jnp` arrays, and those lines throw
because JAX arrays are immutable (`x[idx] = y` must become `x = x.at[idx].set(y)`); the fix
commit switched to functional updates.

Source: https://github.com/BYUCamachoLab/simphony/issues/88
Observed on jax 0.10.x: raises TypeError
"""
import jax.numpy as jnp


class ClassicalSim:
    def __init__(self, wl, n_ports):
        self.wl = jnp.asarray(wl)
        self.n_ports = n_ports

    def run(self, laser_port, laser_power=1.0):
        s_params = jnp.eye(self.n_ports, dtype=jnp.complex64)[None].repeat(len(self.wl), axis=0)
        src_v = jnp.zeros((len(self.wl), self.n_ports), dtype=jnp.complex64)
        src_v[:, laser_port] = jnp.sqrt(laser_power)  # expect: JAX205
        return jnp.einsum("wij,wj->wi", s_params, src_v)


def run():
    sim = ClassicalSim(wl=[1.55e-6, 1.56e-6], n_ports=4)
    sim.run(laser_port=0)
