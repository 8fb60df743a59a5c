from typing import NamedTuple

import jax
import jax.numpy as jnp

from ren_base import tril_equlibrium_layer


class ExplicitRENParams(NamedTuple):
    A: jnp.ndarray
    B1: jnp.ndarray
    B2: jnp.ndarray
    C1: jnp.ndarray
    D11: jnp.ndarray
    D12: jnp.ndarray
    bv: jnp.ndarray


class ContractingREN:
    """REN with nx states and nv equilibrium neurons."""

    def __init__(self, nu, nx, nv, activation=jax.nn.relu):
        self.nu, self.nx, self.nv = nu, nx, nv
        self.activation = activation

    def init_params(self, key):
        k = jax.random.split(key, 6)
        D11 = jnp.tril(0.1 * jax.random.normal(k[0], (self.nv, self.nv)), -1)
        return ExplicitRENParams(
            A=0.9 * jnp.eye(self.nx),
            B1=0.1 * jax.random.normal(k[1], (self.nx, self.nv)),
            B2=0.1 * jax.random.normal(k[2], (self.nx, self.nu)),
            C1=0.1 * jax.random.normal(k[3], (self.nv, self.nx)),
            D11=D11,
            D12=0.1 * jax.random.normal(k[4], (self.nv, self.nu)),
            bv=jnp.zeros(self.nv),
        )

    def explicit_call(self, e, x, u):
        b = x @ e.C1.T + u @ e.D12.T + e.bv
        w = tril_equlibrium_layer(self.activation, e.D11, b)
        x_next = x @ e.A.T + w @ e.B1.T + u @ e.B2.T
        return x_next, w

    def simulate_sequence(self, e, x0, us):
        def rollout(x, u):
            return self.explicit_call(e, x, u)
        return jax.lax.scan(rollout, x0, us)
