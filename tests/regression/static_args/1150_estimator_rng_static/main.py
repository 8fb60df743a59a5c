"""Test helper marks the PRNG key position of an estimator as static.

Source: https://github.com/google-deepmind/optax/commit/c3354dd27675644e8550b2b4883115c14b90f602
What happened: optax's stochastic_gradient_estimators_test.py wrapped each estimator
`score_function_jacobians(function, params, dist_builder, rng, num_samples)` with
`_estimator_variant(variant, estimator)` = `variant(estimator, static_argnums=(0, 2, 3, 4))`,
i.e. index 3 -- the `rng` PRNGKey array -- was declared static (the measure-valued
variant likewise had `(0, 2, 3, 4, 5)`).  When JAX started refusing non-hashable static
arguments ("Prevent passing a non-hashable static argument to a jitted function") the
commit dropped 3 from the tuples: `static_argnums=(0, 2, 4)`.  Here the estimators live in
their own module and the test-style helper builds the jitted variant; the key produced by
`jax.random.PRNGKey` lands in a static slot.

Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp
import numpy as np

from gradient_estimators import multi_normal, pathwise_jacobians, score_function_jacobians


def _estimator_variant(estimator):
    return jax.jit(estimator, static_argnums=(0, 2, 3, 4))


def estimate_mean_grad(estimator, data_dims=3, num_samples=64):
    mean = 0.5 * jnp.ones(data_dims)
    log_scale = jnp.zeros(data_dims)
    rng = jax.random.PRNGKey(1)
    jacobians = _estimator_variant(estimator)(  # expect: JAX302
        np.sum, (mean, log_scale), multi_normal, rng, num_samples)
    return np.mean(np.asarray(jacobians[0]), axis=0)


def run():
    grads = [estimate_mean_grad(e) for e in (score_function_jacobians, pathwise_jacobians)]
    return float(np.abs(grads[1] - 1.0).max())


if __name__ == "__main__":
    print(run())
