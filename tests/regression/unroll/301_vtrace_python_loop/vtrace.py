import jax.numpy as jnp


def vtrace_td_error_and_advantage(v_tm1, v_t, r_t, discount_t, rho_tm1,
                                  lambda_=1.0, clip_rho_threshold=1.0):
    """V-trace targets computed with a Python loop over the unroll length."""
    c_tm1 = jnp.minimum(1.0, rho_tm1) * lambda_
    clipped_rhos = jnp.minimum(clip_rho_threshold, rho_tm1)
    td_errors = clipped_rhos * (r_t + discount_t * v_t - v_tm1)

    err = 0.0
    errors = []
    for i in reversed(range(v_t.shape[0])):  # expect: JAX407
        err = td_errors[i] + discount_t[i] * c_tm1[i] * err
        errors.insert(0, err)
    target_tm1 = jnp.stack(errors) + v_tm1
    return target_tm1 - v_tm1, target_tm1
