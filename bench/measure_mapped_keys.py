"""Keys a mapping hands whole to every element, and mappings of mapped functions (jax 0.10.2, CPU).

Run: PYTHONPATH=. python bench/measure_mapped_keys.py

Measured on jax 0.10.2 (CPU), this prints:

    in_axes=None, one key: all rows equal True
    mapped over split keys: all rows equal False
    named wrapper, keys unmapped by the outer vmap: batch elements equal True
    named wrapper, one row of keys per batch element: batch elements equal False

The analysis applies a mapped function's key summary to the arguments of a call of the
wrapper (`f = jax.vmap(single, ...)`, then `f(xs, keys)`; see
``jaxcheck.analysis.keys.model.callees_of``), and reports a key a mapping hands whole to every
element (`in_axes` None) at that mapping (key-reused-in-loop, JAX503).
"""

import jax
import jax.numpy as jnp


def noisy(x, key):
    return x + jax.random.normal(key, x.shape)


def trajectory(h, key):
    return h * jax.random.uniform(key, (4,))


def trajectories(h, keys):
    run = jax.vmap(trajectory, in_axes=(None, 0))
    return run(h, keys)


def all_equal(rows):
    return bool(all(jnp.array_equal(rows[0], r) for r in rows[1:]))


def main() -> None:
    key = jax.random.key(0)
    xs = jnp.zeros((4, 3))
    print("in_axes=None, one key: all rows equal", all_equal(jax.vmap(noisy, in_axes=(0, None))(xs, key)))
    keys = jax.random.split(key, 4)
    print("mapped over split keys: all rows equal", all_equal(jax.vmap(noisy)(xs, keys)))
    hs = jnp.ones(3)
    shared = jax.vmap(trajectories, in_axes=(0, None))(hs, jax.random.split(key, 5))
    print("named wrapper, keys unmapped by the outer vmap: batch elements equal", all_equal(shared))
    own = jax.vmap(trajectories)(hs, jax.random.split(key, (3, 5)))
    print("named wrapper, one row of keys per batch element: batch elements equal", all_equal(own))


if __name__ == "__main__":
    main()
