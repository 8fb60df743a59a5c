import jax
import jax.numpy as jnp


def eps_greedy_exploration(rng, q_vals, eps):
    rng_a, rng_e = jax.random.split(rng)
    greedy = jnp.argmax(q_vals, axis=-1)
    random_action = jax.random.randint(rng_a, greedy.shape, 0, q_vals.shape[-1])
    explore = jax.random.uniform(rng_e, greedy.shape) < eps
    return jnp.where(explore, random_action, greedy)


def select_actions(rng_a, q_vals, eps_value, num_envs):
    _rngs = jax.random.split(rng_a, num_envs)
    eps = jnp.full(num_envs, eps_value)
    return jax.vmap(eps_greedy_exploration)(_rngs, q_vals, eps)
