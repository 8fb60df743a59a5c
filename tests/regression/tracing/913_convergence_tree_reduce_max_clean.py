"""Clean look-alike: builtin ``max`` reduces the per-parameter convergence
values returned by the jitted step, outside the trace.

Source: https://github.com/pmelchior/scarlet2/pull/47
``Scene.fit`` runs the jitted ``_make_step`` and then, in the Python loop,
computes ``max_change = jax.tree_util.tree_reduce(lambda a, b: max(a, b),
convergence)`` on concrete arrays.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


@jax.jit
def _make_step(params, target):
    grads = jax.grad(lambda p: sum(jnp.sum((v - target) ** 2) for v in p.values()))(params)
    new = {k: v - 0.1 * grads[k] for k, v in params.items()}
    convergence = {k: jnp.max(jnp.abs(new[k] - params[k])) for k in params}
    return new, convergence


def fit(params, target, max_iter=50, e_rel=1e-4):
    for step in range(max_iter):
        params, convergence = _make_step(params, target)
        max_change = jax.tree_util.tree_reduce(lambda a, b: max(a, b), convergence)
        if max_change < e_rel:
            break
    return params, step


def run():
    params = {"spectrum": jnp.ones(3), "center": jnp.zeros(2)}
    return fit(params, 0.5)
