"""BudouX's AdaBoost trainer moved its weight update into JAX and jitted it, including
the memory-saving chunked variant: `update_weight_chunk` is jitted with `chunk_size`
static and sums `w[chunk:chunk+chunk_size].dot(YX[chunk:chunk+chunk_size])` in a Python
`for chunk in range(0, N, chunk_size)` loop, where `N` is the number of training entries
(`YX.shape[0]`).  Under jit the loop is unrolled into N/chunk_size copies of the slice-dot,
so the traced program (and compile time) grows with the dataset size.

Source: https://github.com/google/budoux/pull/95
Observed on jax 0.10.x: update_weight_chunk compiled 1 times
"""
import typing
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import device_put, jit

EPS = float(np.finfo(np.float32).eps)


@partial(jit, static_argnames=['chunk_size'])
def update_weight_chunk(w, YX, chunk_size: int):
  N, M = YX.shape
  res = jnp.zeros(M)
  for chunk in range(0, N, chunk_size):  # expect: JAX407
    res += w[chunk:chunk + chunk_size].dot(YX[chunk:chunk + chunk_size])
  err = 0.5 - jnp.abs(res - 0.5)
  m_best = err.argmin()
  pol_best = res.at[m_best].get() < 0.5
  err_min = err.at[m_best].get()
  alpha = jnp.log((1 - err_min) / (err_min + EPS))
  w = w * jnp.exp(alpha * (YX[:, m_best] == pol_best))
  w = w / w.sum()
  return w, alpha, m_best, pol_best


def fit(X_train, Y_train, iters: int, chunk_size: typing.Optional[int] = None):
  X_train = device_put(X_train)
  Y_train = device_put(Y_train)
  N_train, _ = X_train.shape
  w = jnp.ones(N_train) / N_train
  YX_train = Y_train[:, None] ^ X_train
  phis: typing.Dict[int, float] = {}
  for t in range(iters):
    w, alpha, m_best, pol_best = update_weight_chunk(w, YX_train, chunk_size)
    m_best = int(m_best)
    phis.setdefault(m_best, 0)
    phis[m_best] += float(alpha if pol_best else -alpha)
  return phis


def run():
  rng = np.random.default_rng(0)
  X = rng.random((1200, 40)) < 0.3
  Y = rng.random(1200) < 0.5
  return len(fit(X, Y, iters=3, chunk_size=40))
