"""Per-environment keys for epsilon-greedy action selection under vmap.

Source: https://github.com/mttga/purejaxql/issues/11
What happened: the issue quotes PureJaxQL's action selection, which splits the
action key into NUM_ENVS keys before vmapping eps_greedy_exploration (the
discussion is about eps being shared; the keys are per environment).
run() returns how many environments repeat env 0's full action sequence.
Observed on jax 0.10.2: 0 of 7 calls
"""
import jax
import jax.numpy as jnp

from exploration import select_actions


@jax.jit
def act(rng, q_vals):
    return select_actions(rng, q_vals, 1.0, 8)


def run():
    rng = jax.random.PRNGKey(0)
    q_vals = jnp.zeros((8, 6))
    actions = []
    for _ in range(6):
        rng, rng_a = jax.random.split(rng)
        actions.append(act(rng_a, q_vals))
    actions = jnp.stack(actions, axis=1)
    return sum(bool(jnp.all(actions[i] == actions[0])) for i in range(1, 8))
