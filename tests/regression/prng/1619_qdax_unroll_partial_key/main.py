"""QDax's clean-up PR stopped returning random keys and rebuilt the Brax scoring function
around `unroll_fn = partial(generate_unroll, episode_length=..., play_step_fn=..., key=key)`
followed by `jax.vmap(unroll_fn)(init_states, policies_params)`. A reviewer pointed out
that the key should not be in the partial: every member of the vmapped population then
unrolls its episode with the same key, so all policies see identical exploration noise.

Source: https://github.com/adaptive-intelligent-robotics/QDax/pull/190
Observed on jax 0.10.x: 7 of 7 calls
"""
import jax
import jax.numpy as jnp

from tasks import play_step_fn, scoring_function_brax_envs


def run():
    key = jax.random.PRNGKey(0)
    key, pkey, skey, score_key = jax.random.split(key, 4)
    population = 8
    policies_params = jax.random.normal(pkey, (population, 4, 4))
    init_states = jax.random.normal(skey, (population, 4))
    _, data = scoring_function_brax_envs(policies_params, score_key, init_states,
                                         episode_length=20, play_step_fn=play_step_fn)
    noise = data["noise"]
    # how many population members replay exactly the noise sequence of member 0
    return sum(bool(jnp.array_equal(noise[i], noise[0])) for i in range(1, population))
