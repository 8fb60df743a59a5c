"""Evotuning (UniRep-style) fit loop with an inner jitted update step."""
import jax
import jax.numpy as jnp
from jax import grad, jit


@jit
def evotune_loss(params, inputs, targets):
    logits = jnp.tanh(inputs @ params["w1"]) @ params["w2"]
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * targets, axis=-1))


def adam_like(step_size):
    def init(params):
        return params

    def update(i, g, state):
        return jax.tree_util.tree_map(lambda p, gi: p - step_size * gi, state, g)

    def get_params(state):
        return state

    return init, update, get_params


def fit(params, xs, ys, n_epochs=2, step_size=1e-3):
    init, update, get_params = adam_like(step_size)

    @jit
    def step(i, state, x, y):
        """One evolutionary-tuning update (closed over `update`/`get_params`)."""
        params = get_params(state)
        g = grad(evotune_loss)(params, x, y)
        return update(i, g, state)

    state = init(params)
    for i in range(n_epochs * len(xs)):
        x, y = xs[i % len(xs)], ys[i % len(ys)]
        state = step(i, state, x, y)  # expect: JAX402
    return get_params(state)
