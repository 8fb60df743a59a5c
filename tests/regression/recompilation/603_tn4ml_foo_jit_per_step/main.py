"""Loss function `foo` re-jitted inside every training step of a tensor-network trainer.

Source: https://github.com/bsc-quantic/tn4ml/pull/9
tn4ml's training spent most of its time compiling: the JIT target `foo` (loss and
gradient for the current batch) is rebuilt in every step although it stays the
same; the PR compiled it once ahead of time (~100x faster on small batches).
The trainer and the model live in separate modules, as in the library.

Observed on jax 0.10.2: foo compiled 3 times
"""
import jax

from trainer import Trainer


def run():
    k1, k2 = jax.random.split(jax.random.key(0))
    tensors = [jax.random.normal(k1, (4, 4)) * 0.3 for _ in range(2)]
    batches = list(jax.random.normal(k2, (3, 16, 4)))
    return Trainer(tensors).fit(batches)[-1]
