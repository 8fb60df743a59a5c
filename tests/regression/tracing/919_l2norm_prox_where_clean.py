"""Clean look-alike: ``L2Norm.prox`` after the fix, selecting the zero case
with ``where`` instead of a Python ``if``.

Source: https://github.com/lanl/scico/pull/467
``return snp.where(norm_v == 0, 0 * v, snp.maximum(1 - lam / norm_v, 0) * v)``

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


def norm(v):
    return jnp.sqrt(jnp.sum(jnp.abs(v) ** 2))


class L2Norm:
    def __call__(self, x):
        return norm(x)

    def prox(self, v, lam=1.0):
        norm_v = norm(v)
        return jnp.where(norm_v == 0, 0 * v, jnp.maximum(1 - lam / norm_v, 0) * v)


def proximal_gradient(f_grad, g, x0, step=0.1, iters=5):
    def body(i, x):
        return g.prox(x - step * f_grad(x), lam=step)

    return jax.lax.fori_loop(0, iters, body, x0)


def run():
    target = jnp.array([3.0, -1.0, 2.0])
    solve = jax.jit(lambda x0: proximal_gradient(lambda x: x - target, L2Norm(), x0))
    return solve(jnp.zeros(3))
