import functools

import jax
import jax.numpy as jnp


def _run_episodes(partner_fn, ego_params, obs0, n_steps):
    def step(obs, _):
        a_ego = jnp.argmax(obs @ ego_params["w"], axis=-1)
        a_partner = partner_fn(obs)
        reward = (a_ego == a_partner).astype(jnp.float32)
        return jnp.roll(obs, 1, axis=-1), reward
    _, rewards = jax.lax.scan(step, obs0, None, length=n_steps)
    return rewards.sum(0).mean()


run_episodes = jax.jit(_run_episodes, static_argnums=(0, 3))


def eval_heldout(ego_params, partners, policy_fn, obs0):
    returns = []
    for partner_params in partners:
        partner_fn = functools.partial(policy_fn, partner_params)
        returns.append(run_episodes(partner_fn, ego_params, obs0, 16))  # expect: JAX405
    return returns
