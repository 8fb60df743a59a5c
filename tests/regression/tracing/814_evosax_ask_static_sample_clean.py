"""evosax (clean look-alike): population size passed to a static-arg sampler.

Source: https://github.com/RobertTLange/evosax/commit/a869dda50ff910378192aab47de2d250396995e6
(evosax, "Fix jit unhashable dict problem", 2021-01-01).

Fixed version of the Gaussian strategy: `init_strategy` stores `n_dim` and
`pop_size` as Python ints in the params dict, `ask` is left un-jitted and
forwards them to `sample`, jitted with `static_argnums=(2, 3)`, so the shape
`(pop_size, n_dim)` is concrete. `tell` is jitted over the dict (all leaves are
array-like; nothing in it is converted to a Python scalar). A linter must not
flag it.

Observed on jax 0.10.2: runs
"""
import functools

import jax
import jax.numpy as jnp
from jax import jit


def init_strategy(mean_init, sigma, population_size, mu):
    """Initialize evolutionary strategy & learning rates."""
    n_dim = mean_init.shape[0]
    weights = jnp.zeros(population_size)
    # Only parents have positive weight - equal weighting!
    weights = weights.at[:mu].set(1 / mu)
    params = {
        "pop_size": population_size,
        "n_dim": n_dim,
        "mu": mu,
        "weights": weights,
        "c_m": 1,  # Learning rate for population mean
        "c_sigma": 0.0,  # Learning rate for population std
        "tol_fun": 1e-12,
        "min_generations": 10,
    }
    memory = {"sigma": sigma, "mean": mean_init, "generation": 0}
    return params, memory


def ask_gaussian_strategy(rng, memory, params):
    """Propose params to evaluate next. Sample from isotropic Gaussian."""
    x = sample(rng, memory, params["n_dim"], params["pop_size"])
    return x, memory


@functools.partial(jax.jit, static_argnums=(2, 3))
def sample(rng, memory, n_dim, pop_size):
    z = jax.random.normal(rng, (pop_size, n_dim))  # ~ N(0, I)
    x = memory["mean"] + memory["sigma"] * z  # ~ N(m, sigma^2 I)
    return x


def tell_gaussian_strategy(x, fitness, params, memory):
    """Update the surrogate ES model."""
    memory["generation"] = memory["generation"] + 1
    idx = jnp.argsort(fitness)
    sorted_x = x[idx]
    mean = jnp.sum(params["weights"][:, None] * sorted_x, axis=0)
    memory["mean"] = (1 - params["c_m"]) * memory["mean"] + params["c_m"] * mean
    return memory


ask = ask_gaussian_strategy
tell = jit(tell_gaussian_strategy)


def optimize(num_generations=3):
    params, memory = init_strategy(jnp.zeros(2), 1.0, population_size=20, mu=5)
    rng = jax.random.PRNGKey(0)
    for _ in range(num_generations):
        rng, rng_ask = jax.random.split(rng)
        x, memory = ask(rng_ask, memory, params)
        fitness = jnp.sum((x - 1.0) ** 2, axis=1)
        memory = tell(x, fitness, params, memory)
    return memory["mean"]


def run():
    return optimize()
