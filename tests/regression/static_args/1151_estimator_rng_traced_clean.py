"""Estimator variant with only the function, builder and sample count static (fixed).

Source: https://github.com/google-deepmind/optax/commit/c3354dd27675644e8550b2b4883115c14b90f602
What happened: optax's stochastic_gradient_estimators_test.py first jitted
`score_function_jacobians(function, params, dist_builder, rng, num_samples)` with
`static_argnums=(0, 2, 3, 4)`, making the `rng` key static.  The commit changed the helper
to `static_argnums=(0, 2, 4)`: the callable, the distribution builder and the integer
sample count stay static, the PRNG key is traced like the parameters.  This is that fixed
shape: the key is an ordinary traced argument.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp
import numpy as np


def multi_normal(loc, log_scale):
    scale = jnp.exp(log_scale)

    def sample(key, shape):
        return loc + scale * jax.random.normal(key, shape + loc.shape)

    def log_prob(x):
        return jnp.sum(-0.5 * ((x - loc) / scale) ** 2 - log_scale, axis=-1)

    return sample, log_prob


def pathwise_jacobians(function, params, dist_builder, rng, num_samples):
    def surrogate(p):
        sample, _ = dist_builder(*p)
        return jax.vmap(function)(sample(rng, (num_samples,)))

    return jax.jacrev(surrogate)(params)


def _estimator_variant(estimator):
    return jax.jit(estimator, static_argnums=(0, 2, 4))


def estimate_mean_grad(data_dims=3, num_samples=64):
    mean = 0.5 * jnp.ones(data_dims)
    log_scale = jnp.zeros(data_dims)
    rng = jax.random.PRNGKey(1)
    jacobians = _estimator_variant(pathwise_jacobians)(
        np.sum, (mean, log_scale), multi_normal, rng, num_samples)
    return np.mean(np.asarray(jacobians[0]), axis=0)


def run():
    return float(np.abs(estimate_mean_grad() - 1.0).max())


if __name__ == "__main__":
    print(run())
