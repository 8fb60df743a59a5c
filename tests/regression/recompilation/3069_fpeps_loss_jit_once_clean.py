"""Gaussian fermionic PEPS optimisation: the energy loss is produced by a factory,
`lossT = jit(optimize_runtime_loss(Nv=..., Lx=..., ...))`, once before the manifold
optimiser starts; the conjugate-gradient solver then calls `cost(x) = lossT(x)` and the
jitted Hessian-vector product on every iteration with a same-shaped matrix. A jitted
closure built from a factory looks like the per-call pattern, but it is created once, so
the compile count stays fixed (value, gradient and transpose of `loss`) however many
iterations the solver runs.

Source: https://github.com/TensorBFS/Gaussian-fPEPS/blob/ef20439b69db1696cac9e89cbe207289b59e0f29/src/gfpeps/gaussian_fpeps.py#L40
Observed on jax 0.10.x: loss compiled 3 times; hvp_loss compiled 1 times
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax import jit


def optimize_runtime_loss(Nv=2, Lx=4, Ly=4, hoping=1.0, Mu=0.0):
    ham = hoping * jnp.eye(8 * Nv + 4, k=1) + hoping * jnp.eye(8 * Nv + 4, k=-1) - Mu * jnp.eye(8 * Nv + 4)

    def loss(T):
        rho = T @ T.T / (Lx * Ly)
        return jnp.trace(rho @ ham) + 0.1 * jnp.sum(rho**2)

    return loss


def optimize(Nv=2, Lx=4, Ly=4, ht=1.0, Mu=0.3, max_iterations=5):
    Tsize = 8 * Nv + 4
    T = np.linalg.qr(np.random.default_rng(0).normal(size=(Tsize, Tsize)))[0]
    lossT = jit(optimize_runtime_loss(Nv=Nv, Lx=Lx, Ly=Ly, hoping=ht, Mu=Mu))

    def egrad(x):
        return np.array(jax.grad(lossT)(jnp.array(x)))

    @jax.jit
    def hvp_loss(primals, tangents):
        return jax.jvp(jax.grad(lossT), primals, tangents)[1]

    for it in range(max_iterations):  # stand-in for the pymanopt conjugate-gradient solver
        cost = lossT(jnp.array(T))
        g = egrad(T)
        h = hvp_loss((jnp.array(T),), (jnp.array(g),))
        T = np.linalg.qr(T - 0.01 * g)[0]
    return float(cost)


def run():
    return optimize()


if __name__ == "__main__":
    run()
