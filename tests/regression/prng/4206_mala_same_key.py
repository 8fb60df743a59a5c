"""MALA sampler in a diffusion project: each iteration advances the key with
`key, _ = jax.random.split(key)`, draws the Langevin proposal noise with
`jax.random.normal(key, ...)`, and then draws the Metropolis acceptance uniform with
`jax.random.uniform(key, ...)` from the very same key. Proposal noise and acceptance test are
built from the same random bits, so the accept/reject decision is correlated with the proposal.

Source: https://github.com/pablomlago/diffusion-project/blob/50bb5695c1e882d14076df2326cce6d732604223/langevin.py#L64
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax
import jax.numpy as jnp
from jax.scipy.stats import norm


class LangevinDiffusion:
    def __init__(self, T, step_size):
        self.T = T
        self.step_size = step_size
        self.draws = []

    def mala_diffusion(self, x_0, log_density, score, key, sigma=1.0):
        def log_ratio_proposal(x_t, x_t_prev, score_x_t_prev):
            return log_density(x_t_prev) - jnp.sum(
                (x_t - x_t_prev + (sigma ** 2) * self.step_size * score_x_t_prev) ** 2, axis=-1, keepdims=True
            ) / (4.0 * self.step_size)

        x_t_prev = x_0
        score_x_t_prev = score(x_t_prev)
        for i in range(self.T):
            key, _ = jax.random.split(key)
            eps = jax.random.normal(key, shape=x_0.shape)
            x_t = x_t_prev + (sigma ** 2) * self.step_size * score_x_t_prev + jnp.sqrt(2 * self.step_size * sigma) * eps
            score_x_t = score(x_t)
            log_acc = log_ratio_proposal(x_t_prev, x_t, score_x_t) - log_ratio_proposal(x_t, x_t_prev, score_x_t_prev)
            log_acc = jnp.minimum(log_acc, jnp.zeros_like(log_acc))
            u = jax.random.uniform(key, shape=log_acc.shape)  # expect: JAX501
            self.draws.append((eps, u))
            acceptances = jnp.log(u) <= log_acc
            x_t = jnp.where(acceptances, x_t, x_t_prev)
            score_x_t = jnp.where(acceptances, score_x_t, score_x_t_prev)
            x_t_prev, score_x_t_prev = x_t, score_x_t
        return x_t


def run():
    diffuser = LangevinDiffusion(T=3, step_size=0.05)
    log_density = lambda x: norm.logpdf(x, loc=2.0, scale=0.5)
    score = lambda x: -(x - 2.0) / 0.25
    diffuser.mala_diffusion(jnp.zeros((16, 1)), log_density, score, jax.random.PRNGKey(0))
    # the uniform is a deterministic function of the same bits as the normal: same key, same state
    same = 0
    for i, (eps, u) in enumerate(diffuser.draws):
        key = jax.random.PRNGKey(0)
        for _ in range(i + 1):
            key, _ = jax.random.split(key)
        same += int(bool(jnp.array_equal(u, jax.random.uniform(key, shape=u.shape)))
                    and bool(jnp.array_equal(eps, jax.random.normal(key, shape=eps.shape))))
    return same


if __name__ == "__main__":
    print(run())
