"""Keys made from a host clock in a traced body, and a seed default left out by a loop carrying
state (jax 0.10.2, CPU; run: python bench/measure_host_seed_keys.py).

Measured:
    vmap, key from int(time.time()) in the body: rows equal: True
    lax.scan, key from time.time_ns() in the body: steps equal: True
    host loop, key from time.time_ns() per pass: draws equal: False
    denoising-style loop, step(state, ..., seed=0): noise equal at every step: True
"""
import time

import jax
import jax.numpy as jnp


def path(y0):
    key = jax.random.PRNGKey(int(time.time()))
    return y0 + jax.random.normal(key, y0.shape)


rows = jax.vmap(path)(jnp.zeros((4, 3)))
print("vmap, key from int(time.time()) in the body: rows equal:", bool(jnp.all(rows == rows[0])))


def body(carry, _):
    key = jax.random.PRNGKey(time.time_ns() % (2**31))
    return carry, jax.random.normal(key, (3,))


_, steps = jax.lax.scan(body, 0.0, None, length=3)
print("lax.scan, key from time.time_ns() in the body: steps equal:", bool(jnp.all(steps == steps[0])))

draws = []
for _ in range(3):
    draws.append(jax.random.normal(jax.random.PRNGKey(time.time_ns() % (2**31)), (3,)))
    time.sleep(0.001)
print("host loop, key from time.time_ns() per pass: draws equal:", all(bool(jnp.all(d == draws[0])) for d in draws))


def step(state, out, t, sample, eta=1.0, seed=0):
    if eta > 0:
        key = jax.random.PRNGKey(seed)
        return sample + jax.random.normal(key, sample.shape), state


noises, latents, state = [], jnp.zeros(3), None
for t in (900, 700, 500):
    new, state = step(state, None, t, latents)
    noises.append(new - latents)
    latents = new
print("denoising-style loop, step(state, ..., seed=0): noise equal at every step:",
      all(bool(jnp.allclose(n, noises[0])) for n in noises))
