"""Two draws from one key as the two operands of `lax.select`: only one of them is used.

Source: https://github.com/DramaCow/jaxued/blob/main/examples/craftax/mutators.py
A level mutator picks a random block position, from a restricted area when one holds a block
and from the whole map otherwise; both `jax.random.choice(rng, ...)` are computed, but
`lax.select` (like `jnp.where`, both lower to `select_n`) takes each element from one operand,
so no two used values share random bits.

Observed on jax 0.10.x: 3 of 3 calls (each pick lies in the area that holds blocks)
"""

import jax
import jax.numpy as jnp

SIZE = 16


@jax.jit
def random_block(rng, blocks, area):
    weights = blocks * area
    return jax.lax.select(
        weights.any(),
        jax.random.choice(rng, jnp.arange(SIZE), (), p=weights),
        jax.random.choice(rng, jnp.arange(SIZE), (), p=blocks),
    )


def run():
    blocks = jnp.zeros(SIZE).at[jnp.array([1, 5, 9])].set(1.0)
    area = jnp.zeros(SIZE).at[:8].set(1.0)
    picks = [random_block(jax.random.key(seed), blocks, area) for seed in range(3)]
    return sum(int(p) in (1, 5) for p in picks)
