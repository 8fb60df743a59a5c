"""Bridge deal encoding that loops over all 52 cards in Python under jit.

Source: https://github.com/sotetsuk/pgx/pull/928
What happened: in pgx's BridgeBidding speed-up the maintainer asked to remove
the for loops ("for消す") from jitted helpers such as ``_state_to_key``, which
looped over the 52 cards, suggesting a vectorised ``key.at[hand].set(...)``;
the per-card loop was traced 52 times into the init function.
Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


@jax.jit
def state_to_key(hand):
    key = jnp.zeros(52, dtype=jnp.int32)
    for i in range(52):  # expect: JAX407
        key = key.at[hand[i]].set(i // 13)
    digits = key.reshape(4, 13)
    bases = 4 ** jnp.arange(13)[::-1]
    return jnp.sum(digits * bases, axis=1)


def run():
    hand = jax.random.permutation(jax.random.PRNGKey(0), 52)
    return state_to_key(hand).sum()
