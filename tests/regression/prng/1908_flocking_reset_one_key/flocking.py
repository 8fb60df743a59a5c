"""Flocking task (EvoJAX layout): boids initialised from a PRNG key."""
from typing import Tuple

import jax
import jax.numpy as jnp
from typing import NamedTuple

BOIDS_NUM = 30
NEIGHBOR_NUM = 5


class State(NamedTuple):  # flax.struct.dataclass in the original
    obs: jnp.ndarray
    state: jnp.ndarray
    steps: jnp.int32
    key: jnp.ndarray


def sample_position(key: jnp.ndarray, n: jnp.ndarray) -> jnp.ndarray:
    return jax.random.uniform(key, shape=(n, 2), minval=0.0, maxval=1.0)


def sample_theta(key: jnp.ndarray, n: jnp.ndarray) -> jnp.ndarray:
    return jax.random.uniform(key, shape=(n, 1), maxval=2. * jnp.pi)


def pack_obs(position: jnp.ndarray, theta: jnp.ndarray) -> jnp.ndarray:
    return jnp.concatenate([position, theta], axis=-1)


def choose_neighbor(state: jnp.ndarray) -> jnp.ndarray:
    position = state[..., :2]
    dR = position[:, None, :] - position[None, :, :]
    dR = jnp.mod(dR + 0.5, 1) - 0.5
    dr = jnp.sqrt(jnp.sum(dR ** 2, axis=-1))
    neighbor_ix = jnp.argsort(dr, axis=1)[:, :NEIGHBOR_NUM]
    neighbors = jnp.take(state, neighbor_ix, axis=0)
    return jnp.reshape(neighbors, (len(state), -1))


class FlockingTask:

    def __init__(self, max_steps: int = 150):
        self.max_steps = max_steps
        self.obs_shape = tuple([NEIGHBOR_NUM * 3, BOIDS_NUM])

        def reset_fn(key):
            next_key, key = jax.random.split(key)
            position = sample_position(key, BOIDS_NUM)
            theta = sample_theta(key, BOIDS_NUM)  # expect: JAX501
            state = pack_obs(position, theta)
            return State(obs=choose_neighbor(state),
                         state=state,
                         steps=jnp.zeros((), dtype=jnp.int32),
                         key=next_key)
        self._reset_fn = jax.jit(jax.vmap(reset_fn))

    def reset(self, key: jnp.ndarray) -> State:
        return self._reset_fn(key)
