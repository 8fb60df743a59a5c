"""Rebuilt from https://github.com/google-deepmind/mujoco_playground/pull/349: an environment
reset draws joint positions and the spinner angle from one key."""
import jax
import jax.numpy as jnp


class FingerSpin:
    def reset(self, rng):
        rng, rng1 = jax.random.split(rng)
        qpos = jax.random.uniform(rng1, (2,), minval=-jnp.pi, maxval=jnp.pi)
        hinge = jax.random.uniform(rng1, (), minval=-jnp.pi, maxval=jnp.pi)  # expect: JAX501
        return jnp.concatenate([qpos, hinge[None]]), rng
