"""eks: per-keypoint smoothing-parameter fit re-creates its jitted loss in a loop.

Source: https://github.com/paninski-lab/eks/pull/80
(eks, "Vmap optimize_smooth_param over all keypoints -- 1112s -> 58s (19x)").

"The sequential per-keypoint Adam loop recreated `@jit`-decorated functions
on every iteration, each closing over different concrete JAX arrays (`yB`,
`AB`, `QB`, ...). JAX baked these in as constants, forcing a fresh XLA
compilation per keypoint -- 109 `backend_compile` calls." The fix stacks the
keypoints and jits one vmapped `_optimize_one` with the arrays as arguments.
Kalman negative log-likelihood trimmed to a random-walk model.

Observed on jax 0.10.2: step compiled 4 times
"""
import jax
import jax.numpy as jnp
import optax
from jax import jit


def kalman_nll(s, yB, AB, QB, RB):
    """Negative log-likelihood of a 1-D linear-Gaussian smoother, Q scaled by s."""
    Q = jnp.exp(s) * QB

    def body(carry, y):
        m, P = carry
        m_pred, P_pred = AB * m, AB * P * AB + Q
        S = P_pred + RB
        K = P_pred / S
        nll = 0.5 * (jnp.log(2 * jnp.pi * S) + (y - m_pred) ** 2 / S)
        return (m_pred + K * (y - m_pred), (1 - K) * P_pred), nll

    _, nlls = jax.lax.scan(body, (yB[0], 1.0), yB)
    return jnp.sum(nlls)


def optimize_smooth_param(ys, As, Qs, Rs, n_iters=20, lr=0.1):
    smooth_params = []
    for k in range(ys.shape[0]):
        yB, AB, QB, RB = ys[k], As[k], Qs[k], Rs[k]
        optimizer = optax.adam(lr)

        @jit
        def step(s, opt_state):
            loss, grad = jax.value_and_grad(kalman_nll)(s, yB, AB, QB, RB)
            updates, opt_state = optimizer.update(grad, opt_state)
            return optax.apply_updates(s, updates), opt_state, loss

        s = jnp.zeros(())
        opt_state = optimizer.init(s)
        for _ in range(n_iters):
            s, opt_state, loss = step(s, opt_state)  # expect: JAX401
        smooth_params.append(s)
    return jnp.stack(smooth_params)


def run():
    key = jax.random.PRNGKey(0)
    n_keypoints, T = 4, 50
    ys = jnp.cumsum(0.1 * jax.random.normal(key, (n_keypoints, T)), axis=1)
    As, Qs, Rs = jnp.ones(n_keypoints), 0.01 * jnp.ones(n_keypoints), 0.1 * jnp.ones(n_keypoints)
    return optimize_smooth_param(ys, As, Qs, Rs)
