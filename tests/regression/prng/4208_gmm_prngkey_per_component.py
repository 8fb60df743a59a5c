"""The data generator for a Gaussian-mixture target draws each component's samples with
`means[i] + stds[i] * jax.random.normal(jax.random.PRNGKey(0), shape=(num_elements,))` inside a
list comprehension over the components. The key is rebuilt from the same seed for every
component, so every component gets the same standard-normal draws (shifted and scaled): the
components are perfectly correlated copies of one another instead of independent samples.

Source: https://github.com/pablomlago/diffusion-project/blob/50bb5695c1e882d14076df2326cce6d732604223/datasets.py#L16
Observed on jax 0.10.x: 2 of 2 calls
"""
import jax
import jax.numpy as jnp
import numpy as np


def generate_gmm(prior, means, stds, n_samples):
    elements_per_component = np.full(len(prior), n_samples // len(prior))
    samples = [
        means[i] + stds[i] * jax.random.normal(jax.random.PRNGKey(0), shape=(num_elements,))  # expect: JAX503
        for i, num_elements in enumerate(elements_per_component)
    ]
    labels = tuple([[i] * num_elements for i, num_elements in enumerate(elements_per_component)])
    return samples, jnp.array(np.concatenate(labels))


def run():
    prior, means, stds = [1 / 3, 1 / 3, 1 / 3], [-3.0, 0.0, 3.0], [0.5, 1.0, 0.5]
    samples, _ = generate_gmm(prior, means, stds, 30)
    z = [(s - m) / sd for s, m, sd in zip(samples, means, stds)]
    # how many later components repeat the first component's standard-normal draws
    return sum(int(bool(jnp.allclose(z[0], z[i], atol=1e-5))) for i in range(1, len(z)))


if __name__ == "__main__":
    print(run())
