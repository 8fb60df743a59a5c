"""Packing per-row parameters into a column vector with sizes/offsets computed by jnp.

Source: https://github.com/jax-ml/jax/issues/9463 ("Error upon compilation while using jax.jit")

The user flattens a (num_rows, num_cols) parameter grid into one column vector
for an optimizer: rows whose smoothing factor ``smf`` is infinite contribute a
single value, the others ``num_cols`` values. Offsets come from
``kvals = jnp.cumsum(jnp.insert(jnp.where(jnp.isinf(smf), 1, num_cols), 0, 0))``
and the output length from ``jnp.sum(jnp.isinf(smf))``. "This code works well
without the jit", but under jit both the array length and the
``.at[kvals[i]:kvals[i+1]]`` slice bounds are traced values.

Observed on jax 0.10.2: raises TypeError
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("num_cols",))
def pack_columns(par_init, smf, lb, ub, num_cols):
    num_rows = par_init.shape[0]
    par = jnp.broadcast_to(par_init[:, None], (num_rows, num_cols))

    kvals = jnp.where(jnp.isinf(smf), 1, num_cols)
    kvals = jnp.insert(kvals, 0, 0)
    kvals = jnp.cumsum(kvals)

    size = num_rows * num_cols - (num_cols - 1) * jnp.sum(jnp.isinf(smf))
    par0_col = jnp.zeros(size)  # expect: JAX204
    lb_col = jnp.zeros(size)  # expect: JAX204
    ub_col = jnp.zeros(size)  # expect: JAX204

    for i in range(num_rows):
        par0_col = par0_col.at[kvals[i]:kvals[i + 1]].set(par[i, :kvals[i + 1] - kvals[i]])  # expect: JAX205
        lb_col = lb_col.at[kvals[i]:kvals[i + 1]].set(lb[i])  # expect: JAX205
        ub_col = ub_col.at[kvals[i]:kvals[i + 1]].set(ub[i])  # expect: JAX205
    return par0_col, lb_col, ub_col


def run():
    smf = jnp.array([jnp.inf, 0.1, 0.1, 0.1, 0.1])
    par_init = jnp.array([1.0, 2.0, 3.0, 4.0, 5.0])
    lb = jnp.full(5, 0.1)
    ub = jnp.full(5, 10.0)
    return pack_columns(par_init, smf, lb, ub, num_cols=20)
