"""e2tomogram_refine's JAX port took more than five minutes to compile on GPU.
The jitted refinement step walks the tiles and the tilt series with two nested
Python for-loops (9 tiles x 38 tilts), so XLA receives 342 inlined copies of the
per-tile projection-matching body. The fix replaced both loops with
`jax.lax.scan`.

Source: https://github.com/cryoem/eman2/pull/583
Observed on jax 0.10.x: refine_tiles compiled 1 times
"""
import jax
import jax.numpy as jnp

NTILE = 9
NTILT = 38


def tile_score(tile, proj, shift):
    moved = jnp.roll(proj, 1, axis=0) * shift[0] + jnp.roll(proj, 1, axis=1) * shift[1]
    return jnp.sum((tile - moved) ** 2)


@jax.jit
def refine_tiles(tiles, projs, shifts):
    total = 0.0
    for i in range(NTILE):
        for j in range(NTILT):  # expect: JAX407
            score = tile_score(tiles[i, j], projs[j], shifts[j])
            total = total + score
    return total


def run():
    tiles = jnp.ones((NTILE, NTILT, 8, 8))
    projs = jnp.ones((NTILT, 8, 8))
    shifts = jnp.ones((NTILT, 2)) * 0.5
    refine_tiles(tiles, projs, shifts).block_until_ready()
    return None
