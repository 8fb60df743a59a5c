"""JAX503: every epoch shuffles with the same key, so every epoch sees the same order."""

import jax


def epoch_orders(key, num_examples, num_epochs):
    orders = []
    for epoch in range(num_epochs):
        orders.append(jax.random.permutation(key, num_examples))  # expect: JAX503
    return orders


if __name__ == "__main__":
    print(epoch_orders(jax.random.PRNGKey(0), 5, 3))
