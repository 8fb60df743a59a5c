import jax
import jax.numpy as jnp


def coupling(key, p_hat, q_hat, log_p, log_q, max_iter=1000):
    """Thorisson-style maximal coupling of p and q (Jacob, O'Leary, Atchade 2019, Alg. 2)."""
    x_key, w_key, loop_key = jax.random.split(key, 3)
    X = p_hat(x_key)
    log_W = log_p(X) - jax.random.exponential(w_key)

    def iter_fun(inps):
        inps_key, _, n_iter, _ = inps
        next_key, y_key, w_key = jax.random.split(inps_key, 3)
        Y_star = q_hat(y_key)
        log_W_star = log_q(Y_star) - jax.random.exponential(w_key)
        return next_key, Y_star, n_iter + 1, log_W_star > log_p(Y_star)

    def loop_condition(inps):
        _, _, n_iter, done = inps
        return (~done) & (n_iter < max_iter)

    def otherwise(_):
        _, Y, n_iter, _ = jax.lax.while_loop(loop_condition, iter_fun, (loop_key, X, 0, False))
        return n_iter, Y

    n_iter, Y = jax.lax.cond(log_W <= log_q(X), lambda _: (0, X), otherwise, None)
    return n_iter, X, Y
