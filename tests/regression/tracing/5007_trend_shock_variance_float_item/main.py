"""GPM/BVAR trend model (secon_bvar_jax): the state-space builder turns the sampled shock
standard deviations into the trend covariance Q via ``_get_shock_variance``, which does
``val = float(std_dev.item()) if hasattr(std_dev, 'item') else float(std_dev)`` and then
``if val < 0``. Called from the host with concrete draws it works; inside the jitted
log-likelihood that NUTS evaluates (parameters traced), ``.item()`` on the traced std dev cannot
produce a Python float and tracing aborts.

Source: https://github.com/agonzago/secon_bvar_jax/blob/47a5d2549c6e89da49200bf45dcf73be8cfb7637/clean_gpm_bvar_trends/state_space_builder.py#L382
Observed on jax 0.10.x: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp

from builder import Equation, ReducedModel, StateSpaceBuilder

model = ReducedModel(
    core_equations=[Equation("trend_y", "shk_trend_y"), Equation("trend_pi", "shk_trend_pi")],
)
builder = StateSpaceBuilder(model, {"trend_y": 0, "trend_pi": 1})


@jax.jit
def log_likelihood(sigma_y, sigma_pi, innovations):
    Q = builder.build_trend_covariance({"shk_trend_y": sigma_y, "shk_trend_pi": sigma_pi})
    var = jnp.diag(Q)
    return -0.5 * jnp.sum(innovations**2 / var + jnp.log(2 * jnp.pi * var))


def run():
    innovations = jnp.ones((10, 2)) * 0.1
    builder.build_trend_covariance({"shk_trend_y": jnp.float32(0.2), "shk_trend_pi": jnp.float32(0.1)})
    return log_likelihood(jnp.float32(0.2), jnp.float32(0.1), innovations)


if __name__ == "__main__":
    run()
