"""A jitted piecewise-linear fit scans every candidate breaking point with a
Python loop over ``len(x) // 2`` and a list of residuals, unrolling one
residual computation per sample.

Source: https://github.com/VLSF/SDC/blob/059c6624faed7b42ce6cb48042c6379aaa592001/misc/utils.py
``misc/utils.py::breaking_point`` is decorated with ``@jit`` and does
``lim = len(x)//2 if appended else len(x)-1`` then ``for i in range(2, lim):
e.append(fit_residual(x[:i], y[:i], left_sums, i) + fit_residual(x[i:], ...))``
with running sums updated by ``recompute_sums``; it returns
``2 + jnp.argmin(jnp.array(e))``.  It is used to find where a residual
history (log scale, via ``preprocess_trajectory``) stops decreasing.

Observed on jax 0.10.2: runs
"""
import jax.numpy as jnp
from jax import jit


def compute_sums(x, y):
    return jnp.sum(x), jnp.sum(y), jnp.sum(x ** 2), jnp.sum(y * x)


def recompute_sums(left_sums, right_sums, x, y, i):
    deltas = [x[i], y[i], x[i] ** 2, x[i] * y[i]]
    left = [l + d for l, d in zip(left_sums, deltas)]
    right = [r - d for r, d in zip(right_sums, deltas)]
    return left, right


def linear_fit(sums, N):
    x_s, y_s, x2_s, xy_s = sums
    det_A = x2_s - x_s ** 2 / N
    A = jnp.array([[N, -x_s], [-x_s, x2_s]]) / det_A
    b = jnp.array([xy_s / N, y_s / N])
    return A @ b


def fit_residual(x, y, sums, N):
    a, b = linear_fit(sums, N)
    return jnp.linalg.norm(y - a * x - b)


@jit
def breaking_point(x, y, appended=True):
    e = []
    lim = len(x) // 2 if appended else len(x) - 1
    N = len(x)
    left_sums = compute_sums(x[:2], y[:2])
    right_sums = compute_sums(x[2:], y[2:])
    for i in range(2, lim):  # expect: JAX407
        e.append(fit_residual(x[:i], y[:i], left_sums, i) + fit_residual(x[i:], y[i:], right_sums, N - i))
        left_sums, right_sums = recompute_sums(left_sums, right_sums, x, y, i)
    return 2 + jnp.argmin(jnp.array(e))


def preprocess_trajectory(y):
    y = jnp.log10(y)
    return jnp.hstack([y, jnp.full(len(y), y[-1])])


def run():
    residuals = jnp.concatenate([10.0 ** -jnp.arange(1.0, 31.0), jnp.full(30, 1e-30)])
    y = preprocess_trajectory(residuals)
    x = jnp.arange(y.shape[0], dtype=jnp.float32)
    return breaking_point(x, y)
