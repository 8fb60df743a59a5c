import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class SACAgent:
    rng: jax.Array
    actor: dict
    critic: dict
    temp: jax.Array

    def replace(self, **kw):
        return dataclasses.replace(self, **kw)

    def _policy(self, params, observations, seed, temperature=1.0):
        mean = jnp.tanh(observations @ params['w'])
        return jnp.clip(mean + temperature * jnp.exp(params['log_std']) * jax.random.normal(seed, mean.shape), -1, 1)

    @jax.jit
    def update(agent, batch):
        new_rng, curr_key, next_key = jax.random.split(agent.rng, 3)

        def critic_loss_fn(critic_params):
            next_actions = agent._policy(agent.actor, batch['next_observations'], next_key)
            target_q = batch['rewards'] + 0.99 * batch['masks'] * jnp.sum(next_actions * critic_params['w_a'], -1)
            q = jnp.sum(batch['actions'] * critic_params['w_a'], -1)
            return ((q - jax.lax.stop_gradient(target_q)) ** 2).mean()

        def actor_loss_fn(actor_params):
            actions = agent._policy(actor_params, batch['observations'], curr_key)
            return -jnp.sum(actions * agent.critic['w_a'], -1).mean()

        critic_grads = jax.grad(critic_loss_fn)(agent.critic)
        actor_grads = jax.grad(actor_loss_fn)(agent.actor)
        new_critic = jax.tree_util.tree_map(lambda p, g: p - 3e-4 * g, agent.critic, critic_grads)
        new_actor = jax.tree_util.tree_map(lambda p, g: p - 3e-4 * g, agent.actor, actor_grads)
        return agent.replace(rng=new_rng, critic=new_critic, actor=new_actor), {'next_key': next_key}

    @jax.jit
    def sample_actions(agent, observations, *, seed, temperature: float = 1.0):
        return agent._policy(agent.actor, observations, seed, temperature)
