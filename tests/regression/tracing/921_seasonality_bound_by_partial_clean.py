"""Clean look-alike: the fix from the thread -- bind ``seasonality`` with
``functools.partial`` so it stays a Python int while the data are jitted.

Source: https://github.com/pyro-ppl/numpyro/issues/691
fehiepsi: "set ``model=partial(sgt, seasonality=38)`` for NUTS".

Observed on jax 0.10.2: runs
"""
from functools import partial

import jax
import jax.numpy as jnp
from jax.scipy import stats


def sgt_log_density(params, y, seasonality):
    init_s_raw = params["init_s"]
    cauchy_sd = jnp.max(y) / 150
    init_s = init_s_raw * (y[:seasonality] * 0.3)
    lp = jnp.sum(stats.cauchy.logpdf(init_s, 0.0, cauchy_sd))
    level = y[0]
    pred = level + jnp.concatenate([init_s[1:], init_s[:1]])
    return lp + jnp.sum(stats.norm.logpdf(y[1:seasonality + 1], pred, 1.0))


def run():
    y = jnp.abs(jnp.sin(jnp.arange(120.0) / 6.0)) * 10 + 1
    params = {"init_s": jnp.ones(38)}
    potential_fn = partial(lambda p, y, seasonality: -sgt_log_density(p, y, seasonality), seasonality=38)
    return jax.jit(jax.grad(potential_fn))(params, y)
