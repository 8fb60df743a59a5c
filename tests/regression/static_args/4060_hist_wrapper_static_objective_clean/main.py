"""tomatos (a differentiable-analysis-optimisation code for a HEP search) jits
compute_hist_wrapper with static_argnames=["objective", "cls_var_idx", "w2"]:
the objective is a string from the run config, cls_var_idx a Python int and
w2 a bool, all hashable and fixed for a run, and the function branches on them
in Python. Correct use of static arguments: one compile per (objective, w2)
combination, reused on every optimisation step.

Source: https://github.com/fred-renner/tomatos/blob/35f1cca698790f356dd3f933f2254caeb2323d0d/tomatos/histograms.py#L99
Observed on jax 0.10.x: compute_hist_wrapper compiled 2 times
"""
import types

import jax
import jax.numpy as jnp

from histograms import fill_hists


def run():
    config = types.SimpleNamespace(objective="cls_var", cls_var_idx=1,
                                   bins=jnp.linspace(0.0, 1.0, 5))
    key = jax.random.PRNGKey(0)
    data = jax.random.uniform(key, (3, 20, 2))
    weights = jnp.ones((3, 20))
    scale = jnp.ones(3)
    pars = {"bw": 0.1}
    for step in range(4):
        pars = {"bw": pars["bw"] * 0.9}
        fill_hists(pars, data, config, weights, scale)
