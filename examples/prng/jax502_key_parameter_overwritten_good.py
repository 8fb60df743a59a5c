"""JAX502, fixed: the function draws from the key it is given."""

import jax


def init_agent(num_params, rng):
    return jax.random.normal(rng, (num_params,))


if __name__ == "__main__":
    print(init_agent(3, jax.random.PRNGKey(1)), init_agent(3, jax.random.PRNGKey(2)))
