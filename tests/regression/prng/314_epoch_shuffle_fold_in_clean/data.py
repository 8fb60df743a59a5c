import jax
import jax.numpy as jnp


def epoch_permutation(base_key, num_examples, epoch):
    key = jax.random.fold_in(base_key, epoch)
    return jax.random.permutation(key, num_examples)


def iterate_minibatches(base_key, data, epoch, batch_size):
    perm = epoch_permutation(base_key, data.shape[0], epoch)
    for start in range(0, data.shape[0], batch_size):
        yield data[perm[start:start + batch_size]]
