"""JAX504, fixed: one split into as many keys as are needed."""

import jax


def init_keys(key):
    keys = jax.random.split(key, 4)
    return keys[:2], keys[2:]


if __name__ == "__main__":
    print(init_keys(jax.random.PRNGKey(0)))
