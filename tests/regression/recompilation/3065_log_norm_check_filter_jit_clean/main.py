"""Trainer of a score-based diffusion model (equinox): `log_norm_check` sweeps the
diffusion time `t` over `jnp.linspace(1, 1e-5, model.sde.N)` and, inside that Python
loop, calls `eqx.filter_jit(model.score)(x_t, jnp.array([t]), subkey)`. It looks like a
jit re-created per iteration, but equinox's `filter_jit` keys its cache on the
underlying function and treats the bound module as a dynamic pytree, and `t` is passed
as an array of fixed shape, so the score network compiles once for the whole sweep.

Source: https://github.com/kazewong/ModelLibrary/blob/1a4a306a0fd2ed36b4a9dda7e71104bc424d9802/src/kazeML/jax/diffusion/sde_score_trainer.py#L413
Observed on jax 0.10.x: score compiled 1 times
"""
import equinox as eqx
import jax
import jax.numpy as jnp

from model import ScoreBasedSDE


def log_norm_check(key, model, data):
    key, subkey = jax.random.split(key)
    diagnostic = []
    t_set = jnp.linspace(1, 1e-5, model.sde.N)
    for t in t_set:
        _, sigma_t = model.sde.marginal_prob(data, t)
        x_t = data + sigma_t * jax.random.normal(subkey, shape=(data.shape))
        key, subkey = jax.random.split(key)
        score_slic = eqx.filter_jit(model.score)(x_t, jnp.array([t]), subkey)
        data_dimension = jnp.sqrt(x_t.flatten().shape[0])
        output_norm = jnp.linalg.norm(score_slic / sigma_t)
        diagnostic.append(output_norm / data_dimension)
    return diagnostic


def run():
    key = jax.random.PRNGKey(0)
    model = ScoreBasedSDE(4, key)
    return log_norm_check(key, model, jnp.ones(4))


if __name__ == "__main__":
    run()
