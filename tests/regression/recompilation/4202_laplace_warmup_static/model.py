from functools import partial

import jax
import jax.numpy as jnp
from jax import jit

R0, a0, C = 1.0, 0.3, 1.0


@partial(jit, static_argnames=("N",))
def sample_interior(key, N):
    k1, k2, k3 = jax.random.split(key, 3)
    phi = jax.random.uniform(k1, (N,), minval=0.0, maxval=2 * jnp.pi)
    th = jax.random.uniform(k2, (N,), minval=0.0, maxval=2 * jnp.pi)
    r = jax.random.uniform(k3, (N,)) * a0
    return R0 + r * jnp.cos(th), phi, r * jnp.sin(th)


@partial(jit, static_argnames=("N",))
def sample_surface(key, N):
    k1, k2 = jax.random.split(key, 2)
    phi = jax.random.uniform(k1, (N,), minval=0.0, maxval=2 * jnp.pi)
    th = jax.random.uniform(k2, (N,), minval=0.0, maxval=2 * jnp.pi)
    return R0 + a0 * jnp.cos(th), phi, a0 * jnp.sin(th)


def u_apply(params, R, phi, Z):
    X = jnp.stack([R, jnp.cos(phi), jnp.sin(phi), Z], axis=-1)
    h = jnp.tanh(X @ params["W1"] + params["b1"])
    return (h @ params["W2"])[..., 0]


def init_params(key, width=16):
    k1, k2 = jax.random.split(key)
    return {"W1": 0.5 * jax.random.normal(k1, (4, width)), "b1": jnp.zeros(width),
            "W2": 0.5 * jax.random.normal(k2, (width, 1))}


def laplacian_cyl(params, R, phi, Z):
    f = lambda r, p, z: u_apply(params, r, p, z)
    u_R = jax.vmap(jax.grad(f, 0))(R, phi, Z)
    u_RR = jax.vmap(jax.grad(jax.grad(f, 0), 0))(R, phi, Z)
    u_PP = jax.vmap(jax.grad(jax.grad(f, 1), 1))(R, phi, Z)
    u_ZZ = jax.vmap(jax.grad(jax.grad(f, 2), 2))(R, phi, Z)
    return u_RR + u_R / R + u_PP / R ** 2 + u_ZZ


def bc_residual(params, R, phi, Z):
    f = lambda r, p, z: u_apply(params, r, p, z)
    u_R = jax.vmap(jax.grad(f, 0))(R, phi, Z)
    u_Z = jax.vmap(jax.grad(f, 2))(R, phi, Z)
    nR, nZ = (R - R0) / a0, Z / a0
    return nR * u_R + nZ * u_Z


@partial(jit, static_argnames=("Nin", "Nbc"))
def loss_fn(params, key, Nin=2048, Nbc=2048, lam_bc=2e3):
    kin, kbc = jax.random.split(key)
    Rin, Pin, Zin = sample_interior(kin, Nin)
    Rb, Pb, Zb = sample_surface(kbc, Nbc)
    lap = laplacian_cyl(params, Rin, Pin, Zin)
    bc = bc_residual(params, Rb, Pb, Zb)
    return jnp.mean(lap ** 2) + lam_bc * jnp.mean(bc ** 2)
