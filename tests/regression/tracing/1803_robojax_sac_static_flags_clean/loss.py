import jax
import jax.numpy as jnp


def update_critic(rng_key, ac, batch, discount, backup_entropy):
    noise = jax.random.normal(rng_key, batch["reward"].shape) * 0.01
    target = batch["reward"] + discount * (1.0 - batch["done"]) * (batch["next_q"] - backup_entropy * 0.0)
    td = ac["critic"] * batch["obs"].sum(-1) - target + noise
    return ac["critic"] - 0.1 * jnp.mean(td), {"critic_loss": jnp.mean(td**2)}


def update_actor(rng_key, ac, batch):
    ent = -jnp.mean(jax.random.uniform(rng_key, batch["reward"].shape))
    return ac["actor"] + 0.01 * ac["critic"], {"entropy": ent}


def update_temp(temp, entropy, target_entropy):
    return temp - 0.01 * (entropy - target_entropy), {"temp": temp}


def update_target(critic, target_critic, tau):
    return tau * critic + (1 - tau) * target_critic
