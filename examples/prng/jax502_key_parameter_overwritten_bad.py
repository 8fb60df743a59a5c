"""JAX502: the caller's key is replaced by a constant one, so every seed gives the same agent."""

import jax


def init_agent(num_params, rng):
    rng = jax.random.PRNGKey(0)  # expect: JAX502
    return jax.random.normal(rng, (num_params,))


if __name__ == "__main__":
    print(init_agent(3, jax.random.PRNGKey(1)), init_agent(3, jax.random.PRNGKey(2)))
