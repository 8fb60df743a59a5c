"""While implementing a WARP loss for a factorization machine, the user drew the negative items
with NumPy's `randint` inside the loss function and jit-compiled the training step. Tracing
evaluates `np.random.randint` once, on the host, and bakes the result into the compiled step as
a constant: every later step trains against the same "random" negatives. (In 2019 this even
crashed jax's partial evaluator; replacing it with `jax.random.randint` made the problem go
away.)

Source: https://github.com/jax-ml/jax/issues/1919
Observed on jax 0.10.x: 2 of 2 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

from fm import warp_loss

N_ITEMS = 50


@jax.jit
def train_step(params, users, pos_items):
    (loss, negs), grads = jax.value_and_grad(
        lambda p: warp_loss(p, users, pos_items, N_ITEMS), has_aux=True)(params)
    params = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)
    return params, loss, negs


def run():
    k1, k2 = jax.random.split(jax.random.PRNGKey(0))
    params = {"U": jax.random.normal(k1, (10, 4)), "V": jax.random.normal(k2, (N_ITEMS, 4))}
    users = jnp.arange(8) % 10
    pos_items = jnp.arange(8) * 3
    negs = []
    for _ in range(3):
        params, loss, neg = train_step(params, users, pos_items)
        negs.append(np.asarray(neg))
    return sum(int(np.array_equal(negs[i], negs[i + 1])) for i in range(2))
