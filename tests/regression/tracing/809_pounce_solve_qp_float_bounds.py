"""pounce: QP layer converts traced bound entries with `float()` to test finiteness.

Source: https://github.com/jkitchin/pounce/issues/795
(pounce; fixed in https://github.com/jkitchin/pounce/pull/796).

`pounce.jax.solve_qp` folds finite variable bounds into the inequality system
`G x <= h`. `_expand_bounds` tested each entry with `np.isfinite(float(ub[i]))`.
With NumPy bounds this runs eagerly, but the layer is meant to sit inside a
jitted model: with `jnp` bounds under `jax.jit`, `ub[i]` is a tracer and
`float()` raises. (Solver core trimmed to projected gradient steps.)

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp
import numpy as np


def _expand_bounds(G, h, lb, ub, n):
    """Append rows for finite bounds: x_i <= ub_i and -x_i <= -lb_i."""
    rows, rhs = [G], [h]
    eye = jnp.eye(n)
    if ub is not None:
        for i in range(n):
            if np.isfinite(float(ub[i])):  # expect: JAX202
                rows.append(eye[i : i + 1])
                rhs.append(jnp.reshape(ub[i], (1,)))
    if lb is not None:
        for i in range(n):
            if np.isfinite(float(lb[i])):  # expect: JAX202
                rows.append(-eye[i : i + 1])
                rhs.append(jnp.reshape(-lb[i], (1,)))
    return jnp.concatenate(rows, axis=0), jnp.concatenate(rhs, axis=0)


def solve_qp(P, c, G=None, h=None, lb=None, ub=None, iters=200, step=0.1):
    """min 1/2 x'Px + c'x  s.t.  Gx <= h, lb <= x <= ub.

    All array args are dense jnp/np arrays."""
    n = c.shape[0]
    if G is None:
        G, h = jnp.zeros((0, n)), jnp.zeros((0,))
    G, h = _expand_bounds(G, h, lb, ub, n)

    def body(_, x):
        grad = P @ x + c
        viol = jnp.maximum(G @ x - h, 0.0)
        return x - step * (grad + 10.0 * G.T @ viol)

    return jax.lax.fori_loop(0, iters, body, jnp.zeros(n))


@jax.jit
def layer(P, c, lb, ub):
    return solve_qp(P, c, lb=lb, ub=ub)


def run():
    P = 2.0 * jnp.eye(2)
    c = jnp.array([-1.0, 2.0])
    lb = jnp.array([-10.0, -10.0])
    ub = jnp.array([10.0, jnp.inf])
    return layer(P, c, lb, ub)
