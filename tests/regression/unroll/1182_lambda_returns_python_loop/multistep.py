"""Multistep return estimators (rlax-style) over a trajectory of length T."""
import jax
import jax.numpy as jnp


def lambda_returns(r_t, discount_t, v_t, lambda_=1.0, stop_target_gradients=False):
    """TD(lambda) returns G_0..G_{T-1} computed backwards over the trajectory."""
    lambda_ = jnp.ones_like(discount_t) * lambda_

    # Work backwards to compute `G_{T-1}`, ..., `G_0`.
    returns = []
    g = v_t[-1]
    for i in reversed(range(v_t.shape[0])):  # expect: JAX407
        g = r_t[i] + discount_t[i] * ((1 - lambda_[i]) * v_t[i] + lambda_[i] * g)
        returns.append(g)
    returns = returns[::-1]

    return jax.lax.select(stop_target_gradients,
                          jax.lax.stop_gradient(jnp.array(returns)),
                          jnp.array(returns))


def truncated_generalized_advantage_estimation(r_t, discount_t, lambda_, values):
    lambda_ = jnp.ones_like(discount_t) * lambda_
    delta_t = r_t + discount_t * values[1:] - values[:-1]

    # Iterate backwards to calculate advantages.
    advantage_t = [0.]
    for t in reversed(range(delta_t.shape[0])):  # expect: JAX407
        advantage_t.insert(0, delta_t[t] + lambda_[t] * discount_t[t] * advantage_t[0])
    return jnp.array(advantage_t[:-1])
