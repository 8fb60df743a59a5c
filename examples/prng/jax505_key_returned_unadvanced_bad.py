"""JAX505: `update` hands back the key it shuffled with, so every epoch uses the same order."""

import jax


def update(state, rng, num_examples):
    order = jax.random.permutation(rng, num_examples)
    return state + [order], rng  # expect: JAX505


def train(rng, num_examples, num_epochs):
    state = []
    for epoch in range(num_epochs):
        state, rng = update(state, rng, num_examples)
    return state


if __name__ == "__main__":
    print(train(jax.random.PRNGKey(0), 5, 3))
