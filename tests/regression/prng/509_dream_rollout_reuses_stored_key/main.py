"""Dream rollouts start their key chain from the agent's stored key, which the real step also splits.

Source: https://github.com/SlopDotCash/asi/pull/2402
Report: "fix(core): domain-separate guarded dreaming RNG" -- the stored real key
``stomp_state.rng_key`` is consumed by real epsilon-greedy selection as
``key, explore_key, noise_key = jr.split(key, 3)``; the base dream scan started its carry at
that same stored key and each ``_dream_step`` did ``k, sample_key, action_key = jr.split(k, 3)``
-- bit-identical splits, and ``_run_dreams`` never wrote the key back, so imagined and real
randomness coincide. run() performs three agent steps (dream, then act) and counts steps whose
first dream action key equals the real step's exploration-noise key.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

from agent import AgentState, run_dreams, select_action


def run():
    state = AgentState(jnp.array([0.1, 0.5, 0.2]), jnp.float32(0.3), jax.random.PRNGKey(7))
    dreams = jax.jit(run_dreams, static_argnums=1)
    act = jax.jit(select_action)
    collisions = 0
    for _ in range(3):
        state, dream_action_keys = dreams(state, 2)
        _, state, real_noise_key = act(state)
        if np.array_equal(np.asarray(dream_action_keys[0]), np.asarray(real_noise_key)):
            collisions += 1
    return collisions
