"""Domain-randomisation vmap wrapper in the style of mujoco_playground / brax."""
import jax
import jax.numpy as jnp


class BraxDomainRandomizationVmapWrapper:
    def __init__(self, env_reset, randomization_fn, num_worlds):
        self._reset = env_reset
        self._rand = randomization_fn
        self.num_worlds = num_worlds

    def reset(self, rng):
        # `rng` already holds one key per world: the training script split it.
        model = jax.vmap(self._rand)(rng)
        return jax.vmap(self._reset)(model, rng)
