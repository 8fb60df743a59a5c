import jax


def _sgd_update(params, grads, lr):
    return params - lr * grads


sgd_update = jax.jit(_sgd_update, static_argnums=2)
