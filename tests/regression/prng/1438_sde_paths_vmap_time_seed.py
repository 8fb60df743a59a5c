"""Trying to simulate several paths of a 2-d SDE with additive noise, the user seeds each path's
Brownian motion inside the function they vmap (`import time # for seeding`, key from
int(time.time())). vmap traces the body once, so every path gets the same key and the same
Brownian increments: "the paths are all the same; the BMs are not distinct".
(Euler-Maruyama written out by hand here in place of diffrax.diffeqsolve.)

Source: https://github.com/patrick-kidger/diffrax/issues/531
Observed on jax 0.10.x: 3 of 3 calls
"""
import time  # for seeding

import jax
import jax.numpy as jnp
import jax.random as jr

t0, t1, dt = 0.0, 1.0, 0.01
n_steps = int((t1 - t0) / dt)

drift = lambda t, y: -y
diffusion = lambda t, y: jnp.ones_like(y)


def solve_path(y0):
    key = jr.PRNGKey(int(time.time()))  # expect: JAX503
    dW = jnp.sqrt(dt) * jr.normal(key, (n_steps,) + y0.shape)

    def step(y, inp):
        i, dw = inp
        t = t0 + i * dt
        y = y + drift(t, y) * dt + diffusion(t, y) * dw
        return y, y

    _, ys = jax.lax.scan(step, y0, (jnp.arange(n_steps), dW))
    return ys


def run():
    y0s = jnp.ones((4, 2))
    paths = jax.vmap(solve_path)(y0s)
    return sum(int(bool(jnp.all(p == paths[0]))) for p in paths[1:])
