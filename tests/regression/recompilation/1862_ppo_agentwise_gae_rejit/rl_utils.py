"""Stand-in for rlax.truncated_generalized_advantage_estimation (same maths)."""
import jax
import jax.numpy as jnp


def truncated_generalized_advantage_estimation(r_t, discount_t, lambda_, values):
    lambda_ = jnp.ones_like(discount_t) * lambda_
    delta_t = r_t + discount_t * values[1:] - values[:-1]

    def _body(acc, xs):
        deltas, discounts, lambda_ = xs
        acc = deltas + discounts * lambda_ * acc
        return acc, acc

    _, advantage_t = jax.lax.scan(_body, 0.0, (delta_t, discount_t, lambda_), reverse=True)
    return advantage_t
