"""TD(lambda) returns and GAE computed with Python loops over the trajectory length.

Source: https://github.com/google-deepmind/rlax/commit/69a77a8798b80238437ba818203ecb962c4adf26
What happened: rlax/_src/multistep.py computed `lambda_returns` with
`for i in reversed(range(v_t.shape[0])): g = r_t[i] + discount_t[i] * ((1-lambda_[i]) *
v_t[i] + lambda_[i] * g); returns.append(g)`, and `truncated_generalized_advantage_
estimation`, `importance_corrected_td_errors`, `general_off_policy_returns_from_q_and_v`
and `vtrace` (rlax/_src/vtrace.py) used the same Python loops.  Under `jit` each loop is
unrolled into T copies of its body (then differentiated and vmapped), so the program
grows linearly with the sequence length.  Steven Kapturowski's commit "Refactor multistep
return estimators to use scan instead of a for loop. When training on long sequences this
can dramatically reduce compilation time." replaced them with `jax.lax.scan(...,
reverse=True)`.  Here the estimators module keeps the loops, a learner module jits a
vmapped critic update, and the driver trains on 48-step trajectories (already the slowest compile in this
set on CPU; at T=256 XLA compiled this update for over four minutes on the machine used
for verification).

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from learner import update


def run(T=48, batch=4, obs_dim=6):
    k = jax.random.split(jax.random.PRNGKey(0), 4)
    params = {"w": 0.1 * jax.random.normal(k[0], (obs_dim, 16)),
              "v": 0.1 * jax.random.normal(k[1], (16,))}
    traj = {
        "obs": jax.random.normal(k[2], (batch, T + 1, obs_dim)),
        "reward": jax.random.normal(k[3], (batch, T)),
        "discount": 0.99 * jnp.ones((batch, T)),
    }
    params, loss = update(params, traj)
    return float(loss)


if __name__ == "__main__":
    print(run())
