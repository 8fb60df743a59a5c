"""rejax (clean look-alike): the fixed `is None` guard on an optional PRNG key.

Source: https://github.com/keraJLi/rejax/commit/bc825f47f19b832f5d7d6f28d2d8f12550a5f44c
(rejax, then "purerl": commit "Fixed tracer in if statement bug").

Every algorithm's `train(cls, config, rng=None, train_state=None)` classmethod
started with `if not (train_state or rng): raise ValueError(...)`. The README
usage jits `train` and vmaps it over a batch of seeds, so `rng` is a tracer and
`train_state or rng` / `not ...` asks Python for the truth value of a traced
key. This file is the fixed version: `if train_state is None and rng is None`
only tests Python identity, never the truth value of the traced key, so the
jitted, vmapped `train` runs. A linter must not flag it.

Observed on jax 0.10.2: runs
"""
import dataclasses
from typing import NamedTuple

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class DQNConfig:
    gamma: float = 0.99
    learning_rate: float = 1e-2
    total_timesteps: int = 8  # static
    obs_dim: int = 4  # static


jax.tree_util.register_dataclass(
    DQNConfig,
    data_fields=["gamma", "learning_rate"],
    meta_fields=["total_timesteps", "obs_dim"],
)


class DQNTrainState(NamedTuple):
    params: jax.Array
    rng: jax.Array
    global_step: jax.Array


class Algorithm:
    @classmethod
    def initialize_train_state(cls, config, rng):
        rng, rng_init = jax.random.split(rng)
        params = 0.1 * jax.random.normal(rng_init, (config.obs_dim,))
        return DQNTrainState(params=params, rng=rng, global_step=jnp.array(0))


class DQN(Algorithm):
    @classmethod
    def train(cls, config, rng=None, train_state=None):
        if train_state is None and rng is None:
            raise ValueError("Either train_state or rng must be provided")

        ts = train_state or cls.initialize_train_state(config, rng)

        def train_iteration(_, ts):
            rng, rng_obs = jax.random.split(ts.rng)
            obs = jax.random.normal(rng_obs, (config.obs_dim,))
            td = config.gamma * jnp.dot(ts.params, obs) - jnp.dot(ts.params, obs)
            params = ts.params - config.learning_rate * td * obs
            return ts._replace(params=params, rng=rng, global_step=ts.global_step + 1)

        return jax.lax.fori_loop(0, config.total_timesteps, train_iteration, ts)


def run():
    config = DQNConfig()
    train_fn = jax.jit(DQN.train)
    rngs = jax.random.split(jax.random.PRNGKey(0), 4)
    train_state = jax.vmap(train_fn, in_axes=(None, 0))(config, rngs)
    return train_state.global_step


if __name__ == "__main__":
    print(run())
