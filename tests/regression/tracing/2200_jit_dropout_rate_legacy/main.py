"""AlgoPerf (mlcommons/algorithmic-efficiency) forked flax's Dropout into algoperf/jax_utils.py so that
the dropout rate could be passed to __call__ and changed during training without recompiling: the
workloads' jitted train steps now pass `dropout_rate` as an ordinary (traced) argument. The fork kept a
`legacy` flag that defaulted to True, and the legacy branch still does `if rate == 0.0: return inputs`
(and `if rate == 1.0`). With the rate arriving as a traced value from the jitted step, that Python
comparison needs a concrete bool and tracing fails; the next commit flipped the default to
legacy=False.

Source: https://github.com/mlcommons/algorithmic-efficiency/blob/2a8586a34bdd0baa8f641d2bc52fa37805186ca7/algoperf/jax_utils.py#L99
Observed on jax 0.10.x: raises TracerBoolConversionError
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
