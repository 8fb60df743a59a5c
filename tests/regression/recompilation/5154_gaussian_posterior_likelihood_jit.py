"""Gaussian-posterior experiment of a flow-based Bayesian-inference project: the likelihood gradient
is produced by a builder, `build_total_log_likelihood_and_grad(observations)`, that defines the
gradient function as a closure and returns `jax.jit(total_log_likelihood_grad)`. The posterior calls
the builder again every time it needs the guided score, i.e. after every new observation, so every
iteration of the 21-observation loop jits a new callable (and with a longer `y_data` each time):
the likelihood gradient is compiled once per observation.

Source: https://github.com/act65/flow/blob/36ccd07f53abd438790ab8663ecd003772170e49/notebooks-and-scripts/gaussian-posterior.py#L19-L34
Observed on jax 0.10.x: total_log_likelihood_grad compiled 3 times
"""
import jax
import jax.numpy as jnp


class PRNGKeyManager:
    def __init__(self, seed):
        self.key = jax.random.PRNGKey(seed)

    def split(self):
        self.key, subkey = jax.random.split(self.key)
        return subkey


def build_total_log_likelihood_and_grad(observations):
    """Builds a function that computes the gradient of the total log-likelihood."""
    y_data = jnp.array([obs[0] for obs in observations])

    def single_log_likelihood(theta, y_i):
        return jnp.sum(jax.scipy.stats.norm.logpdf(y_i, loc=theta, scale=1.0))

    def total_log_likelihood_grad(theta, y_data_arg):
        grad_fn_single = jax.grad(single_log_likelihood, argnums=0)
        all_grads = jax.vmap(grad_fn_single, in_axes=(None, 0))(theta, y_data_arg)
        return jnp.sum(all_grads, axis=0)

    return jax.jit(total_log_likelihood_grad), y_data


class Posterior:
    def __init__(self, builder, dim):
        self.build_total_log_likelihood_and_grad = builder
        self.observation_buffer = []
        self.theta = jnp.zeros(dim)

    def add_observation(self, observation):
        self.observation_buffer.append(observation)

    def guided_score(self):
        total_log_likelihood_grad_fn, y_data = self.build_total_log_likelihood_and_grad(self.observation_buffer)
        return total_log_likelihood_grad_fn(self.theta, y_data)  # expect: JAX401,JAX402,JAX404


def run():
    key_manager = PRNGKeyManager(seed=0)
    dim = 2
    true_theta = jax.random.normal(key_manager.split(), (dim,))
    posterior = Posterior(build_total_log_likelihood_and_grad, dim)
    for i in range(3):
        y_obs = true_theta + jax.random.normal(key_manager.split(), shape=(dim,))
        posterior.add_observation((y_obs,))
        posterior.guided_score()
    return None
