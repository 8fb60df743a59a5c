from typing import NamedTuple

import jax
import jax.numpy as jnp


class ResetOptions(NamedTuple):
    """Procedural-generation options passed to reset as a pytree (traced, not static)."""
    goal_radius: jax.Array
    noise_scale: jax.Array


class Environment:
    num_agents: int = 4

    def reset(self, key, options: ResetOptions):
        k1, k2 = jax.random.split(key)
        angle = jax.random.uniform(k1, (self.num_agents,), maxval=2 * jnp.pi)
        goal = options.goal_radius * jnp.stack([jnp.cos(angle), jnp.sin(angle)], -1)
        pos = options.noise_scale * jax.random.normal(k2, (self.num_agents, 2))
        return {"pos": pos, "goal": goal}
