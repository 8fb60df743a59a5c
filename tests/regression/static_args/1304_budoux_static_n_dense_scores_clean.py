"""BudouX's sparse-matrix rewrite of its trainer keeps the learned feature scores in a
dense array of fixed length M and passes the numbers of rows/columns as static integers:
`pred` is jitted with `static_argnums=[3]` (N, the number of entries) and
`update_weights` with `static_argnums=[5]` (M, the number of features).  Both are plain
ints that stay the same for the whole run, so every boosting iteration and every progress
report reuses the compiled functions.

Source: https://github.com/google/budoux/pull/103
Observed on jax 0.10.x: update_weights compiled 1 times; pred compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

EPS = float(np.finfo(np.float32).eps)


@partial(jax.jit, static_argnums=[3])
def pred(phis, rows, cols, N: int):
  r = 2 * jax.ops.segment_sum(phis.take(cols), rows, N) - phis.sum()
  return r > 0


@partial(jax.jit, static_argnums=[5])
def update_weights(w, rows, cols, Y, scores, M: int):
  res = w.dot(Y) - jax.ops.segment_sum((w * (2 * Y - 1)).take(rows), cols, M)
  err = 0.5 - jnp.abs(res - 0.5)
  best_feature_index = err.argmin()
  positivity = res.at[best_feature_index].get() < 0.5
  err_min = err.at[best_feature_index].get()
  amount = jnp.log((1 - err_min) / (err_min + EPS))
  N = Y.shape[0]
  X_best = jnp.zeros(N, dtype=bool).at[jnp.where(cols == best_feature_index, rows, N)].set(
      True, mode='drop')
  w = w * jnp.exp(amount * (Y ^ X_best == positivity))
  w = w / w.sum()
  score = amount * (2 * positivity - 1)
  scores = scores.at[best_feature_index].add(score)
  return w, scores, best_feature_index, score


def fit(rows, cols, Y, M: int, iters: int, out_span: int = 2):
  N = Y.shape[0]
  w = jnp.ones(N) / N
  scores = jnp.zeros(M)
  accs = []
  for t in range(iters):
    w, scores, best_feature_index, score = update_weights(w, rows, cols, Y, scores, M)
    if (t + 1) % out_span == 0:
      accs.append(jnp.mean(pred(scores, rows, cols, N) == Y))
  return accs


def run():
  rng = np.random.default_rng(0)
  X = rng.random((300, 20)) < 0.2
  rows, cols = np.nonzero(X)
  Y = jnp.asarray(rng.random(300) < 0.5)
  return len(fit(jnp.asarray(rows), jnp.asarray(cols), Y, M=20, iters=6))
