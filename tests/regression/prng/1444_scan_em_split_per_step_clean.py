"""Clean look-alike: the comment benchmarks a plain lax.scan Euler-Maruyama against diffrax,
including a variant that "splits a key and draws a gaussian at each step". The key is carried
through the scan and split every iteration, and each path gets its own key from jax.random.split
before vmap, so increments are fresh per step and per path.

Source: https://github.com/patrick-kidger/diffrax/issues/517
Observed on jax 0.10.x: 0 of 3 calls
"""
import jax
import jax.numpy as jnp

dt = 1e-2
n_steps = 100


def euler_maruyama(key, x0):
    def step(carry, _):
        x, key = carry
        key, sub = jax.random.split(key)
        dw = jnp.sqrt(dt) * jax.random.normal(sub, x.shape)
        x = x + dw
        return (x, key), x

    (_, _), xs = jax.lax.scan(step, (x0, key), None, length=n_steps)
    return xs


def run():
    keys = jax.random.split(jax.random.PRNGKey(0), 4)
    paths = jax.jit(jax.vmap(euler_maruyama, in_axes=(0, None)))(keys, jnp.zeros(()))
    return sum(int(bool(jnp.all(p == paths[0]))) for p in paths[1:])
