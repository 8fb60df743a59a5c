"""rl-blox A2C: `train_policy_a2c` is jitted with `policy_gradient_steps` static and runs a
Python `for _ in range(policy_gradient_steps)` loop, each iteration taking `value_and_grad` of
the policy-gradient pseudo loss and applying an optimizer update. The discrete-action example
sets `policy_gradient_steps=20`, so the gradient computation and optimizer step are traced and
compiled 20 times over instead of once inside a `lax.fori_loop`.

Source: https://github.com/mlaux1/rl-blox/blob/fe4d537e51785b2acf1607b7a3c3fde3f4563f61/rl_blox/algorithm/a2c.py#L414
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp
import optax

from a2c import train_policy_a2c


def train_a2c(seed=0, policy_gradient_steps=20):
    k_w, k_obs, k_act, k_adv = jax.random.split(jax.random.PRNGKey(seed), 4)
    policy = {"w": 0.1 * jax.random.normal(k_w, (4, 2)), "b": jnp.zeros(2)}
    tx = optax.adam(1e-3)
    opt_state = tx.init(policy)
    observations = jax.random.normal(k_obs, (32, 4))
    actions = jax.random.randint(k_act, (32,), 0, 2)
    advantages = jax.random.normal(k_adv, (32,))
    policy, opt_state, p_loss = train_policy_a2c(
        policy, opt_state, tx, policy_gradient_steps, observations, actions, advantages
    )
    return p_loss


def run():
    train_a2c().block_until_ready()
