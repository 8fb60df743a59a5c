import jax


def _update(params, grads, clip):
    if clip:
        grads = grads.clip(-1.0, 1.0)
    return params - 0.1 * grads


update = jax.jit(_update, static_argnums=2)
