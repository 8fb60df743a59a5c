import jax
import jax.numpy as jnp


def epoch_permutation(num_examples, epoch):
    key = jax.random.key(42)  # expect: JAX503
    return jax.random.permutation(key, num_examples)


def iterate_minibatches(data, epoch, batch_size):
    perm = epoch_permutation(data.shape[0], epoch)
    for start in range(0, data.shape[0], batch_size):
        yield data[perm[start:start + batch_size]]
