"""Ensemble Kalman filter on the Ikeda map: every ensemble member gets the same perturbation.

The experiment script redefines a jitted `update_ensemble_point(point, key=key)` inside its
filtering loop, taking the loop's current key as a default argument, and applies it with
`jax.vmap(update_ensemble_point)(ensemble)`. vmap only maps over `point`; the default key is the
same for every member, so the "perturbed observation" that should give each member independent
measurement noise is identical across the whole ensemble (the stochastic EnKF degenerates and
the posterior spread collapses).

Source: https://github.com/Zaijab/data_science_utils/blob/341b1779206409ea8d8f38323407bb2903b6a3d1/data_science_utils/filtering/enkf.py#L31
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax
import jax.numpy as jnp
from jax import jit

measurement_covariance = 1 / 16


def measure(point):
    return jnp.sqrt(point[0] ** 2 + point[1] ** 2)


def ikeda_update(x, u=0.9):
    t = 0.4 - 6 / (1 + x[0] ** 2 + x[1] ** 2)
    return jnp.array([1 + u * (x[0] * jnp.cos(t) - x[1] * jnp.sin(t)),
                      u * (x[0] * jnp.sin(t) + x[1] * jnp.cos(t))])


def filter_steps(key, steps=3, num_samples=100, inflation_factor=1.01):
    true_state = jnp.array([1.25, 0.0])
    prior_state = jnp.array([1.25, 0.0])
    perturbations = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        measurement = measure(true_state) + 1 / 16 * jax.random.normal(subkey)

        key, subkey = jax.random.split(key)
        ensemble = prior_state + 1 / 16 * jax.random.normal(subkey, shape=(num_samples, 2))
        mean = jnp.mean(ensemble, axis=0)
        ensemble = mean + inflation_factor * (ensemble - mean)
        ensemble_covariance = (1 / (num_samples - 1)) * (ensemble - mean).T @ (ensemble - mean)

        @jit
        def update_ensemble_point(point, key=key):
            key, subkey = jax.random.split(key)
            ensemble_measurement = measure(point) + measurement_covariance * jax.random.normal(subkey)  # expect: JAX503
            measurement_jacobian = jax.grad(measure)(point)
            innovation_covariance = measurement_jacobian @ ensemble_covariance @ measurement_jacobian.T + measurement_covariance
            kalman_gain = ensemble_covariance @ measurement_jacobian.T * ((innovation_covariance) ** (-1))
            point = point + kalman_gain * (measurement - ensemble_measurement)
            return point, ensemble_measurement

        prior = ensemble
        ensemble, ensemble_measurement = jax.vmap(update_ensemble_point)(ensemble); key, subkey = jax.random.split(key)
        perturbations.append(ensemble_measurement - jax.vmap(measure)(prior))

        true_state = ikeda_update(true_state)
        prior_state = ikeda_update(prior_state)
    return perturbations


def run():
    perturbations = filter_steps(jax.random.PRNGKey(0))
    # a filtering step shows the effect when all 100 members got the same measurement noise
    return sum(bool(jnp.allclose(p, p[0])) for p in perturbations)
