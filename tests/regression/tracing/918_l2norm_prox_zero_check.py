"""Proximal operator of the L2 norm returns early with a Python ``if`` when
the norm is zero; jitting a solver that uses it fails.

Source: https://github.com/lanl/scico/pull/467
"Resolve obstacles to jitting of some functionals": ``L2Norm.prox`` did
``norm_v = norm(v); if norm_v == 0: return 0 * v`` (and ``L1MinusL2Norm.prox``
branched on ``vamx``); the PR replaced them with ``snp.where``.

Observed on jax 0.10.2: raises TracerBoolConversionError
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
        if norm_v == 0:  # expect: JAX201
            return 0 * v
        return jnp.maximum(1 - lam / norm_v, 0) * v


def proximal_gradient(f_grad, g, x0, step=0.1, iters=5):
    def body(i, x):
        return g.prox(x - step * f_grad(x), lam=step)

    return jax.lax.fori_loop(0, iters, body, x0)


def run():
    target = jnp.array([3.0, -1.0, 2.0])
    solve = jax.jit(lambda x0: proximal_gradient(lambda x: x - target, L2Norm(), x0))
    return solve(jnp.zeros(3))
