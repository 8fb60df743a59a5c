"""Monte Carlo gradient estimators (score function / pathwise), optax-style."""
import jax
import jax.numpy as jnp


def multi_normal(loc, log_scale):
    """Returns a tiny diagonal-Gaussian 'distribution' object as a pair of closures."""
    scale = jnp.exp(log_scale)

    def sample(key, shape):
        return loc + scale * jax.random.normal(key, shape + loc.shape)

    def log_prob(x):
        return jnp.sum(-0.5 * ((x - loc) / scale) ** 2 - log_scale, axis=-1)

    return sample, log_prob


def score_function_jacobians(function, params, dist_builder, rng, num_samples):
    """E_p[f(x)] gradient via the score function (REINFORCE) estimator."""

    def surrogate(p):
        sample, log_prob = dist_builder(*p)
        xs = jax.lax.stop_gradient(sample(rng, (num_samples,)))
        fx = jax.vmap(function)(xs)
        return log_prob(xs) * jax.lax.stop_gradient(fx)

    return jax.jacrev(surrogate)(params)


def pathwise_jacobians(function, params, dist_builder, rng, num_samples):
    """E_p[f(x)] gradient via the reparameterisation trick."""

    def surrogate(p):
        sample, _ = dist_builder(*p)
        return jax.vmap(function)(sample(rng, (num_samples,)))

    return jax.jacrev(surrogate)(params)
