import jax


def sgd_update(params, grads, step_size):
    print("grads:", grads)  # expect: JAX101
    return jax.tree_util.tree_map(lambda p, g: p - step_size * g, params, grads)
