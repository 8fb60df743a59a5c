"""SAC-N on an offline dataset: the replay buffer is an equinox Module whose `size` property
reads `self.data["obs"].shape[0]`, and `sample_batch` uses it as the `maxval` of
`jax.random.randint` inside the jitted, scanned update epoch. The buffer is a traced pytree, but
the property only reads a shape, which is static at trace time, so the epoch compiles once and
no concrete value is needed (the author even warns not to use `__len__`, which would count the
dataclass fields instead).

Source: https://github.com/Howuhh/sac-n-jax/blob/a0d4b8ab8b457658e416cd554faa47506bc2367c/sac_n_jax_eqx.py#L103
Observed on jax 0.10.x: runs
"""
from typing import Dict

import equinox as eqx
import jax
import jax.numpy as jnp


class ReplayBuffer(eqx.Module):
    data: Dict[str, jax.Array]

    @staticmethod
    def create(num_transitions: int, obs_dim: int, key) -> "ReplayBuffer":
        k1, k2 = jax.random.split(key)
        return ReplayBuffer(data={
            "obs": jax.random.normal(k1, (num_transitions, obs_dim)),
            "rewards": jax.random.normal(k2, (num_transitions,)),
        })

    @property
    def size(self):
        # WARN: do not use __len__ here! It will use len of the dataclass, i.e. number of fields.
        return self.data["obs"].shape[0]

    def sample_batch(self, key, batch_size: int) -> Dict[str, jax.Array]:
        indices = jax.random.randint(key, shape=(batch_size,), minval=0, maxval=self.size)
        return jax.tree_util.tree_map(lambda arr: arr[indices], self.data)


@eqx.filter_jit
def update_epoch(key, buffer, num_updates_on_epoch=4, batch_size=8):
    def update_step(carry, _):
        key, total = carry
        key, batch_key = jax.random.split(key)
        batch = buffer.sample_batch(batch_key, batch_size)
        return (key, total + batch["rewards"].mean()), None

    (key, total), _ = jax.lax.scan(update_step, (key, jnp.array(0.0)), None,
                                   length=num_updates_on_epoch)
    return key, total / num_updates_on_epoch


def run():
    key = jax.random.PRNGKey(0)
    buffer = ReplayBuffer.create(100, 3, key)
    for _ in range(3):
        key, info = update_epoch(key, buffer)
    return float(info)
