"""The test-problem helpers of a Bayesian SDE solver build a random linear SDE
dX = M X dt + S dW.  `random_linear_sde(key=PRNGKey(1337), dim)` draws the drift matrix
M and the diffusion matrix S with two `jax.random.normal` calls on the same `key`, so the
"random" diffusion matrix is always identical to the drift matrix and the benchmark
problems have a hidden structure (S == M) the author did not intend.

Source: https://github.com/ylefay/bayesianSDEsolver/blob/40c6108db47a1c4106b46e1984814afc378cf3aa/bayesian_sde_solver/utils/ivp.py#L121-L144
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax
import jax.numpy as jnp


def random_linear_sde(key=jax.random.PRNGKey(1337), dim=1, std1=None, std2=None):
    """Random linear SDE of the form dX(t) = MX(t)dt + sigma dW(t)."""
    if std1 is None:
        std1 = jnp.identity(dim)
    if std2 is None:
        std2 = jnp.identity(dim)

    x0 = jnp.ones((dim,))

    drift_matrix = jax.random.normal(key, shape=(dim, dim))

    sigma_matrix = jax.random.normal(key, shape=(dim, dim))  # expect: JAX501

    def drift(x, t):
        return std1 @ drift_matrix @ x

    def sigma(x, t):
        return std2 @ sigma_matrix

    return x0, drift, sigma


def run():
    same = 0
    for seed in range(3):
        x0, drift, sigma = random_linear_sde(jax.random.PRNGKey(seed), dim=3)
        same += int(jnp.allclose(drift(jnp.eye(3), 0.0), sigma(x0, 0.0)))
    return same
