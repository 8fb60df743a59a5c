"""Clean look-alike from a CrackedAI Code exercise on per-example branching: the
comparison `x > t` is written inside a per-row helper that is passed to
`jax.lax.cond`, and the helper is batched with `jax.vmap(single, in_axes=(0,
0))`. The predicate is a traced boolean, but it is consumed by lax.cond (which
vmap turns into a select), never by a Python `if`, so it traces fine under
jit and vmap.

Source: https://crackedaicode.com/problems/jax-vmap-of-cond
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp
from jax import lax


def threshold_each(xs, ts):
    """Return 1.0 where xs[i] > ts[i], else 0.0."""
    def single(x, t):
        return lax.cond(x > t, lambda: 1.0, lambda: 0.0)
    return jax.vmap(single, in_axes=(0, 0))(xs, ts)


@jax.jit
def vmap_classify_batch(x_batch, thresholds):
    def per_row(row, t):
        return lax.cond(jnp.sum(row) > t, lambda: 1.0, lambda: -1.0)
    return jax.vmap(per_row, in_axes=(0, 0))(x_batch, thresholds)


def run():
    out = threshold_each(jnp.array([3.0, 1.0, 2.0]), jnp.array([2.0, 2.0, 2.0]))
    cls = vmap_classify_batch(jnp.array([[1.0, 2.0], [-1.0, 0.5]]), jnp.array([2.0, 0.0]))
    return float(out.sum() + cls.sum())


if __name__ == "__main__":
    print(run())
