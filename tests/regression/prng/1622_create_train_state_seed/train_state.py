from typing import NamedTuple

import jax
import jax.numpy as jnp


class IQLConfig(NamedTuple):
    seed: int = 42
    hidden: int = 32
    batch_size: int = 8
    n_jitted_updates: int = 4


class IQLTrainState(NamedTuple):
    actor: dict
    critic: dict
    value: dict


def mlp_init(key, in_dim, hidden, out_dim):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (in_dim, hidden)) / jnp.sqrt(in_dim),
        "w2": jax.random.normal(k2, (hidden, out_dim)) / jnp.sqrt(hidden),
    }


def create_train_state(observations, actions, config: IQLConfig) -> IQLTrainState:
    rng = jax.random.PRNGKey(config.seed)  # expect: JAX502,JAX503
    rng, actor_rng, critic_rng, value_rng = jax.random.split(rng, 4)
    obs_dim, act_dim = observations.shape[-1], actions.shape[-1]
    return IQLTrainState(
        actor=mlp_init(actor_rng, obs_dim, config.hidden, act_dim),
        critic=mlp_init(critic_rng, obs_dim + act_dim, config.hidden, 1),
        value=mlp_init(value_rng, obs_dim, config.hidden, 1),
    )
