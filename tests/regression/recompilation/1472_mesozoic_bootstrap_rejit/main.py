"""mesozoic-labs JAX trainer: each PPO update built the vmapped bootstrap-value
sampler and wrapped it in `jax.jit` inside `update()`, so the sampler was re-traced
and recompiled on every update. The PR extracted it into a reusable
`_batched_bootstrap` JIT function built once.

Source: https://github.com/kuds/mesozoic-labs/pull/417
Observed on jax 0.10.x: _bootstrap_value compiled 3 times
"""
import jax.numpy as jnp

from trainer import PPOTrainer


def run():
    trainer = PPOTrainer()
    for it in range(3):
        last_obs = jnp.ones((16, 8)) * it
        dones = jnp.zeros(16, dtype=bool)
        trainer.update((last_obs, dones))
    return None


if __name__ == "__main__":
    run()
