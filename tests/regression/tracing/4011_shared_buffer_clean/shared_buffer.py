import dataclasses
from typing import NamedTuple

import jax
import jax.numpy as jnp

DTYPE_FLOAT = jnp.float32
DTYPE_INT = jnp.int32


class Transition(NamedTuple):
    obs: jnp.ndarray
    act: jnp.ndarray
    rew: jnp.ndarray
    next_obs: jnp.ndarray
    done: jnp.ndarray


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class SharedBufferState:
    data: Transition
    ptr: jnp.ndarray
    count: jnp.ndarray
    capacity: int = dataclasses.field(metadata=dict(static=True))

    def replace(self, **kwargs):
        return dataclasses.replace(self, **kwargs)


class SharedReplayBuffer:
    """Shared replay buffer: single buffer for all environments."""

    def __init__(self, capacity, obs_dim, act_dim):
        self.capacity = capacity
        self.obs_shape = (capacity, obs_dim)
        self.act_shape = (capacity, act_dim)
        self.scalar_shape = (capacity,)

    def init(self):
        return SharedBufferState(
            data=Transition(
                obs=jnp.zeros(self.obs_shape, dtype=DTYPE_FLOAT),
                act=jnp.zeros(self.act_shape, dtype=DTYPE_FLOAT),
                rew=jnp.zeros(self.scalar_shape, dtype=DTYPE_FLOAT),
                next_obs=jnp.zeros(self.obs_shape, dtype=DTYPE_FLOAT),
                done=jnp.zeros(self.scalar_shape, dtype=DTYPE_FLOAT),
            ),
            ptr=jnp.array(0, dtype=DTYPE_INT),
            count=jnp.array(0, dtype=DTYPE_INT),
            capacity=self.capacity,
        )

    def add(self, state: SharedBufferState, batch: Transition):
        num_new = batch.obs.shape[0]  # Number of new transitions
        ptr = state.ptr
        count = state.count

        # Use jax.lax.iota instead of jnp.arange to work with traced values
        indices = (jax.lax.iota(DTYPE_INT, num_new) + ptr) % self.capacity

        def scatter_update(buf, new_vals, idxs):
            return buf.at[idxs].set(new_vals)

        new_data = Transition(
            obs=scatter_update(state.data.obs, batch.obs, indices),
            act=scatter_update(state.data.act, batch.act, indices),
            rew=scatter_update(state.data.rew, batch.rew, indices),
            next_obs=scatter_update(state.data.next_obs, batch.next_obs, indices),
            done=scatter_update(state.data.done, batch.done, indices),
        )

        new_ptr = (ptr + num_new) % self.capacity
        new_count = jnp.minimum(count + num_new, self.capacity)
        return state.replace(data=new_data, ptr=new_ptr, count=new_count)

    def sample(self, state: SharedBufferState, rng, batch_size):
        max_count = state.count

        def safe_sample():
            indices = jax.random.randint(rng, (batch_size,), 0, max_count)
            return Transition(
                obs=state.data.obs[indices],
                act=state.data.act[indices],
                rew=state.data.rew[indices],
                next_obs=state.data.next_obs[indices],
                done=state.data.done[indices],
            )

        def empty_sample():
            obs_dim = state.data.obs.shape[-1]
            act_dim = state.data.act.shape[-1]
            return Transition(
                obs=jnp.zeros((batch_size, obs_dim), dtype=state.data.obs.dtype),
                act=jnp.zeros((batch_size, act_dim), dtype=state.data.act.dtype),
                rew=jnp.zeros((batch_size,), dtype=state.data.rew.dtype),
                next_obs=jnp.zeros((batch_size, obs_dim), dtype=state.data.next_obs.dtype),
                done=jnp.zeros((batch_size,), dtype=state.data.done.dtype),
            )

        # Use conditional to handle empty buffer case
        return jax.lax.cond(max_count > 0, safe_sample, empty_sample)
