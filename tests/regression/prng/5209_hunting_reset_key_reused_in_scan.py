"""Two-player hunting environment (gymnax-style, jax_tqdm scan) demo: the script makes
`rng = jax.random.PRNGKey(43)`, calls `env.reset(rng, env_params)` with it, and then puts the very
same `rng` into the scan carry, where each step does `rng, rng_action, rng_step =
jax.random.split(rng, 3)`. reset_env had already split that key three ways for the initial
positions, so the first step's action/step keys are the keys that placed the players. run() counts
how many of the first step's subkeys coincide with reset's position keys.

Source: https://github.com/amavrits/jax-agents/blob/f0640392afba15651ec9057bb300330f4c2c1eb7/benchmarks/marl/hunting_2_players/hunting_env.py#L284
Observed on jax 0.10.x: 2 of 2 calls
"""
import jax
import jax.numpy as jnp


class HuntingDiscrete:
    n_actors = 2

    def reset(self, key):
        rng, *rngs = jax.random.split(key, 3)
        rng_x, rng_y = rngs
        x_coords = jax.random.uniform(rng_x, minval=0.0, maxval=10.0, shape=(self.n_actors,))
        y_coords = jax.random.uniform(rng_y, minval=0.0, maxval=10.0, shape=(self.n_actors,))
        positions = jnp.stack([x_coords, y_coords], axis=-1)
        return positions.ravel(), positions, (rng_x, rng_y)

    def step(self, key, positions, actions):
        moves = jnp.array([[0, 1], [0, -1], [1, 0], [-1, 0]], dtype=jnp.float32)
        noise = 0.01 * jax.random.normal(key, positions.shape)
        next_positions = positions + moves[actions] + noise
        return next_positions.ravel(), next_positions


def run():
    env = HuntingDiscrete()
    n_eval_steps = 5

    def f(runner, i):
        rng, state, state_env = runner
        rng, rng_action, rng_step = jax.random.split(rng, 3)
        actions = jax.random.choice(rng_action, jnp.arange(4), shape=(env.n_actors,))
        next_state, next_env_state = env.step(rng_step, state_env, actions)
        return (rng, next_state, next_env_state), (rng_action, rng_step)

    rng = jax.random.PRNGKey(43)
    state, state_env, reset_keys = env.reset(rng)
    render_runner = rng, state, state_env  # expect: JAX504,JAX501
    render_runner, step_keys = jax.lax.scan(f, render_runner, jnp.arange(n_eval_steps))
    first_action_key, first_step_key = step_keys[0][0], step_keys[1][0]
    return int(jnp.array_equal(first_action_key, reset_keys[0])) + int(jnp.array_equal(first_step_key, reset_keys[1]))
