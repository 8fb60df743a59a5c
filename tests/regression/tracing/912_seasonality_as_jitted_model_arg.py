"""Seasonal time-series model (SGT) whose ``seasonality`` length is passed as a
model argument that ``jit_model_args=True`` traces; the model slices the data
with it.

Source: https://github.com/pyro-ppl/numpyro/issues/691
"Can't use jit_model_args for multi chains": running the time-series
forecasting tutorial with ``jit_model_args=True`` failed because of "the
parameter ``seasonality`` in function ``sgt``"; fehiepsi: "jitting
index/length arguments might not be permitted" -- use
``partial(sgt, seasonality=38)``.

Observed on jax 0.10.2: raises IndexError
"""
import jax
import jax.numpy as jnp
from jax.scipy import stats


def sgt_log_density(params, y, seasonality):
    level_sm, s_sm, init_s_raw = params["level_sm"], params["s_sm"], params["init_s"]
    cauchy_sd = jnp.max(y) / 150
    init_s = init_s_raw * (y[:seasonality] * 0.3)  # expect: JAX205
    lp = jnp.sum(stats.cauchy.logpdf(init_s, 0.0, cauchy_sd))
    level = y[0]
    pred = level + jnp.concatenate([init_s[1:], init_s[:1]])
    lp = lp + jnp.sum(stats.norm.logpdf(y[1:seasonality + 1], pred, 1.0))  # expect: JAX205
    return lp + stats.beta.logpdf(level_sm, 1.0, 2.0) + stats.beta.logpdf(s_sm, 1.0, 2.0)


def potential_fn(params, y, seasonality):
    return -sgt_log_density(params, y, seasonality)


def run():
    y = jnp.abs(jnp.sin(jnp.arange(120.0) / 6.0)) * 10 + 1
    params = {"level_sm": 0.5, "s_sm": 0.5, "init_s": jnp.ones(38)}
    # jit_model_args=True: the model arguments (y, seasonality) become jit inputs
    return jax.jit(jax.grad(potential_fn))(params, y, 38)
