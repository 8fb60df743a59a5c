"""CLAM (latent-action models, JAX): the offline trainer times data loading and each update
with ``time.time()``, reads the learning rate with ``.item()`` and sends the metrics dict to
wandb -- all in the Python training loop around ``self.update_jit``, never inside the jitted
update. Every step gets its own fresh timestamps and its own logged record.

Source: https://github.com/aliang8/clam_jax/blob/b8c40cf51ebf64a5b77ab262e0f93f51eae257ac/clam/trainers/offline_trainer.py#L58
Observed on jax 0.10.x: 3 of 3 calls
"""
import itertools

import jax
import jax.numpy as jnp

from trainer import OfflineTrainer


def run():
    k1, k2 = jax.random.split(jax.random.PRNGKey(0))
    obs = jax.random.normal(k1, (16, 4))
    batches = itertools.repeat({"observations": obs, "actions": obs @ jnp.ones((4, 2))})
    trainer = OfflineTrainer(num_updates=3)
    trainer.train({"w": jnp.zeros((4, 2))}, batches, k2)
    stamps = [rec["train/time/update"] for rec in trainer.logged]
    return sum(1 for s in stamps if isinstance(s, float))


if __name__ == "__main__":
    run()
