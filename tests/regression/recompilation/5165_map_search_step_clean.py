"""MAP search of a flow-based Bayesian-inference project: `find_map_from_samples` draws a batch of
starting points from the posterior, builds the optimiser and the vmapped loss/gradient once, and
defines one `@jit` `step(xs, opt_state)` before the loop; the loop only calls it with the same
shapes and dtypes every iteration, so the gradient-descent search compiles once.

Source: https://github.com/act65/flow/blob/36ccd07f53abd438790ab8663ecd003772170e49/bayes/map.py#L18-L76
Observed on jax 0.10.x: step compiled 1 times
"""
import jax
import jax.numpy as jnp
import optax
from jax import grad, jit, vmap


class GaussianMixturePosterior:
    def __init__(self, means):
        self.means = means

    def log_prob(self, x):
        d2 = jnp.sum((x[None, :] - self.means) ** 2, axis=-1)
        return jax.scipy.special.logsumexp(-0.5 * d2)

    def b_sample(self, key, n_samples):
        return jax.random.normal(key, (n_samples, self.means.shape[1])) * 2.0


def find_map_from_samples(posterior, key, num_samples=8, num_steps=5, learning_rate=1e-1):
    initial_xs = posterior.b_sample(key, num_samples)
    optimizer = optax.adam(learning_rate)
    opt_state = optimizer.init(initial_xs)

    def single_loss_fn(x):
        return -posterior.log_prob(x)

    loss_fn = vmap(single_loss_fn)
    grad_fn = vmap(grad(single_loss_fn))

    @jit
    def step(xs, opt_state):
        grads = grad_fn(xs)
        updates, opt_state = optimizer.update(grads, opt_state, xs)
        xs = optax.apply_updates(xs, updates)
        mean_loss = jnp.mean(loss_fn(xs))
        return xs, opt_state, mean_loss

    xs = initial_xs
    for i in range(num_steps):
        xs, opt_state, loss = step(xs, opt_state)

    final_log_probs = vmap(posterior.log_prob)(xs)
    best_idx = jnp.argmax(final_log_probs)
    return xs[best_idx], final_log_probs[best_idx]


def run():
    posterior = GaussianMixturePosterior(jnp.array([[0.0, 0.0], [3.0, 3.0]]))
    find_map_from_samples(posterior, jax.random.PRNGKey(0))
    return None
