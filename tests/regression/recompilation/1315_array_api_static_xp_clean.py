"""A Quansight Labs post on ahead-of-time/just-in-time compilation of array-API code
writes one numerical kernel against an array namespace `xp` and, for JAX, jits it once at
module level with the namespace marked static: `jax.jit(evaluate_xp,
static_argnames=["xp"])`.  The module object is hashable and the same on every call, and
the inputs keep their shapes, so repeated evaluations reuse one compiled program.

Source: https://github.com/Quansight/Quansight-website/pull/978
Observed on jax 0.10.x: evaluate_xp compiled 1 times
"""
import jax
import jax.numpy as jnp


def evaluate_xp(x, y, xp):
    r = xp.sqrt(x**2 + y**2)
    theta = xp.atan2(y, x)
    return xp.sum(xp.exp(-r) * xp.cos(3 * theta))


evaluate_jax = jax.jit(evaluate_xp, static_argnames=["xp"])


def run():
    key = jax.random.PRNGKey(0)
    out = []
    for i in range(4):
        kx, ky = jax.random.split(jax.random.fold_in(key, i))
        x = jax.random.normal(kx, (256,))
        y = jax.random.normal(ky, (256,))
        out.append(evaluate_jax(x, y, xp=jnp))
    return jnp.stack(out)
