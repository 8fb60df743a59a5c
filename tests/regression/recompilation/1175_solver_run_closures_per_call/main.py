"""Solver loop closures are re-created on every `run`, so the while loop recompiles.

Source: https://github.com/google/jaxopt/pull/113
What happened: jaxopt's `IterativeSolver._run` (jaxopt/_src/base.py) defined
`def cond_fun(pair)` and `def body_fun(pair): return self.update(params, state, *args,
**kwargs)` inside `_run` and handed them to `loop.while_loop(...)`.  PR #113 "Prevent
recompilation of loops in `solver.run` if executing without jit" explains: running
`solver.run` without an outer `jit` caused `lax.while_loop` to be retraced in each
subsequent call "due to `cond_fun` and `body_fun` being (re)defined inside the private
method `_run`".  Here a gradient-descent solver built on that base class is run eagerly
for three ridge-regression problems (same shapes, different data).

Observed on jax 0.10.2: while compiled 3 times
"""
import jax
import jax.numpy as jnp

from base import GradientDescent


def ridge_loss(w, x, y, lam):
    return jnp.mean((x @ w - y) ** 2) + lam * jnp.sum(w ** 2)


def run():
    solver = GradientDescent(fun=ridge_loss, maxiter=50, stepsize=0.1)
    errors = []
    for seed in range(3):
        kx, ky = jax.random.split(jax.random.PRNGKey(seed))
        x = jax.random.normal(kx, (32, 4))
        y = jax.random.normal(ky, (32,))
        params, state = solver.run(jnp.zeros(4), x, y, 0.1)
        errors.append(float(state.error))
    return len(errors)


if __name__ == "__main__":
    print(run())
