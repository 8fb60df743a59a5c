import jax
import jax.numpy as jnp


def vtrace_td_error_and_advantage(v_tm1, v_t, r_t, discount_t, rho_tm1,
                                  lambda_=1.0, clip_rho_threshold=1.0):
    """V-trace targets computed with a reverse lax.scan."""
    c_tm1 = jnp.minimum(1.0, rho_tm1) * lambda_
    clipped_rhos = jnp.minimum(clip_rho_threshold, rho_tm1)
    td_errors = clipped_rhos * (r_t + discount_t * v_t - v_tm1)

    def body(err, xs):
        td, disc, c = xs
        err = td + disc * c * err
        return err, err

    _, errors = jax.lax.scan(body, jnp.zeros(()), (td_errors, discount_t, c_tm1), reverse=True)
    target_tm1 = errors + v_tm1
    return target_tm1 - v_tm1, target_tm1
