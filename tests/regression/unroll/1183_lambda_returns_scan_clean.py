"""TD(lambda) returns and GAE computed with a reverse lax.scan (fixed).

Source: https://github.com/google-deepmind/rlax/commit/69a77a8798b80238437ba818203ecb962c4adf26
What happened: rlax's `lambda_returns`, `truncated_generalized_advantage_estimation`,
`vtrace` and friends looped `for i in reversed(range(v_t.shape[0]))` in Python, so jitted
learners were unrolled over the whole sequence.  The commit rewrote each as a scan body,
e.g. `def _body(acc, xs): returns, discounts, values, lambda_ = xs; acc = returns +
discounts * ((1-lambda_) * values + lambda_ * acc); return acc, acc` and
`_, returns = jax.lax.scan(_body, v_t[-1], (r_t, discount_t, v_t, lambda_),
reverse=True)`.  Same learner as the hazard with the scan-based estimators; the trajectory
length no longer changes the size of the compiled program.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


def lambda_returns(r_t, discount_t, v_t, lambda_=1.0, stop_target_gradients=False):
    lambda_ = jnp.ones_like(discount_t) * lambda_

    def _body(acc, xs):
        returns, discounts, values, lambda_ = xs
        acc = returns + discounts * ((1 - lambda_) * values + lambda_ * acc)
        return acc, acc

    _, returns = jax.lax.scan(_body, v_t[-1], (r_t, discount_t, v_t, lambda_), reverse=True)
    return jax.lax.select(stop_target_gradients, jax.lax.stop_gradient(returns), returns)


def truncated_generalized_advantage_estimation(r_t, discount_t, lambda_, values):
    lambda_ = jnp.ones_like(discount_t) * lambda_
    delta_t = r_t + discount_t * values[1:] - values[:-1]

    def _body(acc, xs):
        deltas, discounts, lambda_ = xs
        acc = deltas + discounts * lambda_ * acc
        return acc, acc

    _, advantage_t = jax.lax.scan(_body, 0.0, (delta_t, discount_t, lambda_), reverse=True)
    return advantage_t


def value_fn(params, obs):
    return jnp.tanh(obs @ params["w"]) @ params["v"]


def critic_loss(params, traj):
    v = value_fn(params, traj["obs"])
    targets = lambda_returns(traj["reward"], traj["discount"], v[1:], lambda_=0.95)
    adv = truncated_generalized_advantage_estimation(
        traj["reward"], traj["discount"], 0.95, jax.lax.stop_gradient(v))
    return jnp.mean((jax.lax.stop_gradient(targets) - v[:-1]) ** 2) + 0.0 * adv.sum()


@jax.jit
def update(params, batch):
    loss, grads = jax.value_and_grad(
        lambda p: jnp.mean(jax.vmap(critic_loss, (None, 0))(p, batch)))(params)
    return jax.tree_util.tree_map(lambda p, g: p - 1e-2 * g, params, grads), loss


def run(T=256, batch=4, obs_dim=6):
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
