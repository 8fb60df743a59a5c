"""JAX503, fixed: a new key for every epoch."""

import jax


def epoch_orders(key, num_examples, num_epochs):
    orders = []
    for epoch in range(num_epochs):
        key, shuffle_key = jax.random.split(key)
        orders.append(jax.random.permutation(shuffle_key, num_examples))
    return orders


if __name__ == "__main__":
    print(epoch_orders(jax.random.PRNGKey(0), 5, 3))
