"""Actor-critic loss over long unrolls, jitted and vmapped over the batch."""
import jax
import jax.numpy as jnp

from multistep import lambda_returns, truncated_generalized_advantage_estimation


def value_fn(params, obs):
    return jnp.tanh(obs @ params["w"]) @ params["v"]


def critic_loss(params, traj):
    v = value_fn(params, traj["obs"])                       # (T + 1,)
    targets = lambda_returns(traj["reward"], traj["discount"], v[1:], lambda_=0.95)
    adv = truncated_generalized_advantage_estimation(
        traj["reward"], traj["discount"], 0.95, jax.lax.stop_gradient(v))
    return jnp.mean((jax.lax.stop_gradient(targets) - v[:-1]) ** 2) + 0.0 * adv.sum()


@jax.jit
def update(params, batch):
    loss, grads = jax.value_and_grad(
        lambda p: jnp.mean(jax.vmap(critic_loss, (None, 0))(p, batch)))(params)
    return jax.tree_util.tree_map(lambda p, g: p - 1e-2 * g, params, grads), loss
