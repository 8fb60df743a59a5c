"""An equinox model replaced by its updated copy every step of a `filter_jit` loop.

Source: https://github.com/patrick-kidger/equinox/issues/686
`filter_jit` caches on the model's structure and the shapes of its arrays; a model updated by
`eqx.apply_updates` keeps both, so the step compiles once (the report's recompile came from a
jitted function stored in the module and rebuilt with it).

Observed on jax 0.10.x: step compiled 1 time
"""

import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
def step(model, x, y):
    grads = eqx.filter_grad(lambda m: jnp.mean((jax.vmap(m)(x) - y) ** 2))(model)
    updates = jax.tree_util.tree_map(lambda g: -0.01 * g, grads)
    return eqx.apply_updates(model, updates)


def run():
    model = eqx.nn.Linear(3, 1, key=jax.random.key(0))
    for _ in range(3):
        model = step(model, jnp.ones((4, 3)), jnp.ones((4, 1)))
