"""JAX504: the parent key is split twice, so the actor and critic get the same two keys."""

import jax


def init_keys(key):
    actor_keys = jax.random.split(key)
    critic_keys = jax.random.split(key)  # expect: JAX504
    return actor_keys, critic_keys


if __name__ == "__main__":
    print(init_keys(jax.random.PRNGKey(0)))
