"""Monte-Carlo sampler whose sample count is used as a shape but was not marked static.

Source: https://github.com/jax-ml/jax/issues/648
The user jitted `sample(key, N)` and passed `N` as the shape of `random.randint`; since `N`
was not listed in static_argnums it was traced, and the shape could not be built ("unhashable
type: 'JaxprTracer'" then; today a TypeError about concrete shapes). The maintainer's answer:
make `N` a static argument.

Observed on jax 0.10.2: raises TypeError
"""
import jax
import jax.numpy as jnp


@jax.jit
def sample_paths(key, n_samples, probs):
    idx = jax.random.randint(key, (n_samples,), 0, probs.shape[0])  # expect: JAX306,JAX204
    return probs[idx].mean()


def run():
    key = jax.random.PRNGKey(0)
    probs = jnp.linspace(0.0, 1.0, 10)
    return sample_paths(key, 1000, probs)
