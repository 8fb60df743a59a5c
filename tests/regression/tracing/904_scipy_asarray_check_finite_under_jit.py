"""SciPy-style input validation (``_asarray(..., check_finite=True)``) inside
a function that is jitted with JAX arrays.

Source: https://github.com/scipy/scipy/pull/22219
``jax.jit(f)`` with ``f(a) = _asarray(a, check_finite=True)`` (reached from
``scipy.cluster.vq.kmeans``) hits ``if not xp.all(xp.isfinite(array))`` on a
tracer; the PR makes the error surface as ``TracerBoolConversionError``.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp


def _asarray(array, xp, check_finite=False):
    array = xp.asarray(array)
    if check_finite:
        if not xp.all(xp.isfinite(array)):  # expect: JAX201
            raise ValueError("array must not contain infs or NaNs")
    return array


def whiten(obs, check_finite=True):
    obs = _asarray(obs, jnp, check_finite=check_finite)
    return obs / jnp.std(obs, axis=0)


def kmeans_distortion(obs, code_book):
    obs = whiten(obs)
    d = jnp.linalg.norm(obs[:, None, :] - code_book[None, :, :], axis=-1)
    return jnp.mean(jnp.min(d, axis=1))


def run():
    obs = jnp.array([[1.0, 2.0], [1.5, 1.8], [5.0, 8.0], [8.0, 8.0]])
    return jax.jit(kmeans_distortion)(obs, obs[:2])
