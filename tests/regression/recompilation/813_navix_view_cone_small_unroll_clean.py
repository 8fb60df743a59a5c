"""navix (clean look-alike): view cone unrolls a short Python loop, scans long ones.

Source: https://github.com/epignatelli/navix/commit/7ce23d4382784ea67d480f6f94979272bfe3f415
(navix, "perf(obs): compile Python for loop when radius<=10").

The first-person observation propagates visibility from the agent with a
finite-difference update `radius` times. The commit keeps `lax.scan` for
large radii but, when `radius <= MIN_SCAN_RADIUS` (10), runs a plain Python
`for _ in range(radius)` inside the jitted observation function: `radius` is a
static Python int from the environment config, so the unrolled loop has at
most ten steps and is faster than the scan. A linter must not flag it.

Observed on jax 0.10.2: runs
"""
from functools import partial

import jax
import jax.numpy as jnp


def view_cone(transparency_map: jax.Array, origin: jax.Array, radius: int) -> jax.Array:
    def fin_diff(array, _):
        array = (
            array
            + jnp.roll(array, 1, axis=0)
            + jnp.roll(array, -1, axis=0)
            + jnp.roll(array, 1, axis=1)
            + jnp.roll(array, -1, axis=1)
        )
        return array * transparency_map, ()

    mask = jnp.zeros_like(transparency_map).at[tuple(origin)].set(1)

    # if radius is small, it should be fast enough to compile
    MIN_SCAN_RADIUS = 10
    if radius <= MIN_SCAN_RADIUS:
        view = mask
        for _ in range(radius):
            view = fin_diff(view, None)[0]
    else:
        view = jax.lax.scan(fin_diff, mask, None, radius)[0]

    view = jnp.where(view > 0, 1, 0)
    return view


@partial(jax.jit, static_argnames=("radius",))
def first_person_observation(grid, player_position, radius):
    transparency = (grid == 0).astype(jnp.float32)
    visible = view_cone(transparency, player_position, radius)
    return jnp.where(visible, grid, -1)


def run():
    grid = jnp.zeros((12, 12), dtype=jnp.int32).at[0, :].set(1).at[:, 0].set(1).at[5, 3:9].set(2)
    obs = first_person_observation(grid, jnp.array([8, 6]), radius=7)
    return obs
