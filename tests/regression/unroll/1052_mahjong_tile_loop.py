"""Mahjong hand evaluation looping over all 34 tile kinds in Python under jit.

Source: https://github.com/sotetsuk/pgx/issues/1070
What happened: pgx's Mahjong environment had very long jit compile times; the
issue benchmarks each jitted helper by the number of jaxpr lines and compile
time, and the heavy ones were built from Python loops over tile kinds that are
unrolled into the traced program.
Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

NUM_TILE_TYPES = 34


def _can_complete_with(hand, tile):
    h = hand.at[tile].add(1)
    pairs = jnp.sum(h >= 2)
    triplets = jnp.sum(h >= 3)
    return (pairs >= 1) & (triplets + pairs >= 5)


@jax.jit
def waiting_tiles(hand):
    waits = jnp.zeros(NUM_TILE_TYPES, dtype=jnp.bool_)
    for tile in range(NUM_TILE_TYPES):  # expect: JAX407
        waits = waits.at[tile].set(_can_complete_with(hand, tile))
    return waits


@jax.jit
def step(hands, player):
    return waiting_tiles(hands[player]).sum()


def run():
    hands = jnp.zeros((4, NUM_TILE_TYPES), dtype=jnp.int32).at[:, :13].set(1)
    return step(hands, 0)
