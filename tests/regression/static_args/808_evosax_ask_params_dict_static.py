"""evosax (early): `jit(ask_gaussian_strategy, static_argnums=(2))` with a params dict.

Source: https://github.com/RobertTLange/evosax/commit/a869dda50ff910378192aab47de2d250396995e6
(evosax, "Fix jit unhashable dict problem", 2021-01-01).

`ask` needs the population size as a Python int to shape the sample, so the
strategy module jitted it with the hyperparameter dict marked static:
`ask = jit(ask_gaussian_strategy, static_argnums=(2))`. `init_strategy`
returns `params` as a plain dict (population size, weights array, learning
rates), which cannot be hashed -- the "unhashable dict problem" the commit
fixed by passing only `n_dim` and `pop_size` as static ints to a helper.

Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp
from jax import jit


def init_strategy(mean_init, sigma, population_size, mu):
    """Initialize evolutionary strategy & learning rates."""
    weights = jnp.zeros(population_size)
    # Only parents have positive weight - equal weighting!
    weights = weights.at[:mu].set(1 / mu)
    params = {
        "pop_size": population_size,
        "mu": mu,
        "weights": weights,
        "c_m": 1,
        "c_sigma": 0.0,
        "tol_fun": 1e-12,
        "min_generations": 10,
    }
    memory = {"sigma": sigma, "mean": mean_init, "generation": 0}
    return params, memory


def ask_gaussian_strategy(rng, memory, params):
    """Propose params to evaluate next. Sample from isotropic Gaussian."""
    z = jax.random.normal(rng, (int(params["pop_size"]), memory["mean"].shape[0]))
    x = memory["mean"] + memory["sigma"] * z
    return x, memory


def tell_gaussian_strategy(x, fitness, params, memory):
    """Update the surrogate ES model."""
    memory["generation"] = memory["generation"] + 1
    sorted_x = x[jnp.argsort(fitness)]
    memory["mean"] = jnp.sum(params["weights"][:, None] * sorted_x, axis=0)
    return memory


# Jitted version of Gaussian ask and tell interface
ask = jit(ask_gaussian_strategy, static_argnums=(2))
tell = jit(tell_gaussian_strategy)


def optimize(num_generations=3):
    params, memory = init_strategy(jnp.zeros(2), 1.0, population_size=20, mu=5)
    rng = jax.random.PRNGKey(0)
    for _ in range(num_generations):
        rng, rng_ask = jax.random.split(rng)
        x, memory = ask(rng_ask, memory, params)  # expect: JAX302
        fitness = jnp.sum((x - 1.0) ** 2, axis=1)
        memory = tell(x, fitness, params, memory)
    return memory["mean"]


def run():
    return optimize()
