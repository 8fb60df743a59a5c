"""JAX505, fixed: `update` splits the key, shuffles with one half and returns the other."""

import jax


def update(state, rng, num_examples):
    rng, shuffle_rng = jax.random.split(rng)
    order = jax.random.permutation(shuffle_rng, num_examples)
    return state + [order], rng


def train(rng, num_examples, num_epochs):
    state = []
    for epoch in range(num_epochs):
        state, rng = update(state, rng, num_examples)
    return state


if __name__ == "__main__":
    print(train(jax.random.PRNGKey(0), 5, 3))
