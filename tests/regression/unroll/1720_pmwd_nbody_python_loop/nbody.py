from typing import NamedTuple

import jax.numpy as jnp


class Configuration(NamedTuple):
    a_start: float = 1.0 / 64
    a_stop: float = 1.0
    a_nbody_num: int = 63
    mesh_size: int = 16

    @property
    def a_nbody(self):
        return jnp.linspace(self.a_start, self.a_stop, 1 + self.a_nbody_num)


class Particles(NamedTuple):
    disp: jnp.ndarray
    vel: jnp.ndarray


def force(ptcl, conf):
    # stand-in for the particle-mesh gravity solve
    rho = jnp.fft.rfft(ptcl.disp, axis=0)
    return -jnp.fft.irfft(rho / (1 + jnp.arange(rho.shape[0]))[:, None], n=ptcl.disp.shape[0], axis=0)


def nbody_step(a_prev, a_next, ptcl, cosmo, conf):
    da = a_next - a_prev
    acc = cosmo["Omega_m"] * force(ptcl, conf)
    vel = ptcl.vel + da * acc
    return Particles(disp=ptcl.disp + da * vel, vel=vel)


def nbody(ptcl, cosmo, conf):
    a_nbody = conf.a_nbody
    for a_prev, a_next in zip(a_nbody[:-1], a_nbody[1:]):  # expect: JAX407
        ptcl = nbody_step(a_prev, a_next, ptcl, cosmo, conf)
    return ptcl
