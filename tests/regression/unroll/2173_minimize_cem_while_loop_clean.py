"""magi's PETS planner `minimize_cem` runs the cross-entropy method inside the jitted
controller. The author left the static version commented out (`# for _ in
range(n_iterations): state = loop(state)`) and runs the iterations with
`jax.lax.while_loop(cond_fn, loop, state)` instead, splitting the carried rng in each
iteration, so the CEM body (sampling a population, evaluating the cost, top-k elites) is
traced once whatever `n_iterations` is.

Source: https://github.com/ethanluoyc/magi/blob/48c713662b4ed2830d31b885843f7ee408ce33c4/magi/agents/pets/optimizers.py#L85
Observed on jax 0.10.x: controller compiled 1 times
"""
import functools

import jax
import jax.numpy as jnp
from jax import lax


def minimize_cem(fn, x0, key, args=(), *, bounds, n_iterations, population_size, elite_fraction, alpha):
    num_elites = int(population_size * elite_fraction)
    lower_bound, upper_bound = bounds
    population_shape = (population_size,) + x0.shape

    def cond_fn(state):
        return state[0] < n_iterations

    def loop(state):
        t, best_cost, best_solution, mu, var, rng, args = state
        rng, key, key2 = jax.random.split(rng, 3)
        constrained_var = jnp.minimum(
            jnp.minimum(jnp.square((mu - lower_bound) / 2), jnp.square((upper_bound - mu) / 2)), var
        )
        population = jax.random.truncated_normal(key, lower=-2.0, upper=2.0, shape=population_shape)
        population = population * jnp.sqrt(constrained_var) + mu
        costs = fn(population, key2, *args)
        _, elite_idx = lax.top_k(-costs, num_elites)
        elites = population[elite_idx]
        best_costs = costs[elite_idx]
        new_best_cost = jnp.where(best_costs[0] < best_cost, best_costs[0], best_cost)
        new_best_solution = jnp.where(best_costs[0] < best_cost, elites[0], best_solution)
        mu = alpha * mu + (1.0 - alpha) * jnp.mean(elites, axis=0)
        var = alpha * var + (1.0 - alpha) * jnp.var(elites, axis=0)
        return (t + 1, new_best_cost, new_best_solution, mu, var, rng, args)

    initial_var = jnp.square(upper_bound - lower_bound) / 16.0
    state = (0, jnp.inf, jnp.empty_like(x0), x0, initial_var, key, args)
    # for _ in range(n_iterations):
    #     state = loop(state)
    _, new_best_cost, best, mu, _, _, _ = jax.lax.while_loop(cond_fn, loop, state)
    return best, new_best_cost


def cost_fn(actions, key, goal):
    return jnp.sum((jnp.cumsum(actions, axis=1) - goal) ** 2, axis=(1, 2))


def controller(cost_fn, observation, initial_solution, key, goal):
    lb = -jnp.ones_like(initial_solution)
    return minimize_cem(cost_fn, initial_solution, key, args=(goal,), bounds=(lb, -lb),
                        n_iterations=50, population_size=64, elite_fraction=0.1, alpha=0.1)


def run():
    jitted = jax.jit(controller, static_argnums=0)
    key = jax.random.PRNGKey(0)
    solution = jnp.zeros((25, 2))
    for _ in range(3):
        key, sub = jax.random.split(key)
        solution, cost = jitted(cost_fn, jnp.ones(4), solution, sub, jnp.ones(2))
