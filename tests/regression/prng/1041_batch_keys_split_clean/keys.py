import jax


def get_batch_keys(key, batch_size):
    keys = jax.random.split(key, batch_size + 1)
    return keys[0], keys[1:]
