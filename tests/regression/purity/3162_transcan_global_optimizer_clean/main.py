"""TransCan (Cantonese NMT) keeps its optax optimizer in a module-level global:
`optimizer = None` at import, and main() does `global optimizer; optimizer =
optax.adamw(learning_rate=1e-5)` once, before the first call of the compiled
train_tick that reads it. The global is assigned exactly once, ahead of tracing, and
never rebound afterwards, so the value baked into the compiled step is the one that is
used for the whole run. (The original compiles train_tick with pmap; here jit on one
device.)

Source: https://github.com/ayaka14732/TransCan/blob/6fbdf8fc4a780d7e95ab6f9ca0667e25060d436e/2_finetune.py#L37
Observed on jax 0.10.x: train_tick compiled 1 times
"""
import jax
import jax.numpy as np

from . import train


def run():
    key = jax.random.PRNGKey(42)
    k1, k2, k3 = jax.random.split(key, 3)
    params = {'lm_head': 0.02 * jax.random.normal(k1, (16, 32))}
    opt_state = train.init_training(params)
    for tick in range(3):
        src = jax.random.normal(jax.random.fold_in(k2, tick), (4, 16))
        labels = jax.random.randint(jax.random.fold_in(k3, tick), (4,), 0, 32)
        params, opt_state, loss = train.train_tick(params, opt_state, src, labels)
        loss.item()
    return 0
