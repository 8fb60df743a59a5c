"""hflow molecular-dynamics data: a random potential V(x) that reuses one key on purpose.

`get_V_random(key, D)` draws M*D random wave vectors (one split key each) and returns a jitted
`V(x) = 0.1 * f_sum(key, x) + 0.5*|x|^2`, where `f_sum` draws the Fourier amplitudes from the
SAME closed-over `key` on every call. That is deliberate: V must be one fixed random function so
that jax.grad(V) defines a consistent force field for the particle integrator; a fresh key per
call would make the potential change between time steps.

Source: https://github.com/julesberman/hflow/blob/aa6d2e910d5daceeffc4a7f232579859cfbf14bf/hflow/data/mdyn.py#L28
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp
import jax.random as random
from jax import jit, vmap


def get_V_random(key, D, K=16, M=4, smoothness=1):
    pi = jnp.pi
    ks = []
    M = M * D
    keys = random.split(key, M)
    for i in range(M):
        k = random.normal(keys[i], (D,))
        k = k / jnp.linalg.norm(k)  # M random unit vectors
        k = jnp.outer(k, jnp.arange(start=1, stop=K + 1))
        ks.append(k)
    k = jnp.hstack(ks)

    def random_f(noise, k, x):
        return (noise[0] * jnp.cos(2 * pi * jnp.inner(k, x)) + noise[1] * jnp.sin(2 * pi * jnp.inner(k, x))) * 1 / jnp.sum(k ** (2)) ** (smoothness)

    def f_sum(key, x):
        noise = random.normal(key, (K * M, 2))
        return jnp.sum(vmap(random_f, in_axes=(0, 1, None))(noise, k, x))

    @jit
    def V(x):
        return 0.1 * f_sum(key, x) + 0.5 * jnp.sum(x ** 2)

    return V


def get_mdyn_sol(key, dim, N, sigma=0.01, dt=5e-3, n_steps=20):
    V_key, init_key, step_key = random.split(key, 3)
    V = get_V_random(V_key, dim)
    particles = 0.2 * random.normal(init_key, (N, dim))

    @jit
    def time_step(particles, velocities, dt, key):
        gradV = jax.grad(V)
        dB = sigma * dt ** 0.5 * random.normal(key, particles.shape)
        velocities = velocities - velocities * dt - jax.vmap(gradV)(particles) * dt
        particles = particles + dt * velocities + dB
        return particles, velocities

    velocities = jnp.zeros_like(particles)
    sol = [particles]
    keys = random.split(step_key, n_steps)
    for i in range(n_steps):
        particles, velocities = time_step(particles, velocities, dt, keys[i])
        sol.append(particles)
    return jnp.stack(sol, axis=0), V


def run():
    sol, V = get_mdyn_sol(random.PRNGKey(0), dim=2, N=16)
    assert jnp.allclose(V(jnp.ones(2)), V(jnp.ones(2)))
    return None
