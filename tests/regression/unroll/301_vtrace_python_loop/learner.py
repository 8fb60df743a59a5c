import jax
import jax.numpy as jnp

from vtrace import vtrace_td_error_and_advantage


@jax.jit
def impala_loss(values, bootstrap, rewards, discounts, log_rhos):
    v_tm1 = values
    v_t = jnp.concatenate([values[1:], bootstrap[None]])
    adv, target = vtrace_td_error_and_advantage(
        v_tm1, v_t, rewards, discounts, jnp.exp(log_rhos))
    return 0.5 * jnp.mean(adv ** 2), jax.lax.stop_gradient(target)
