"""Continual-learning evaluation that loops over every environment layout in Python inside jit.

Source: https://github.com/TTomilin/MEAL/issues/4
The evaluation in `baselines/IPPO_CL.py` "relies on Python `for` loops over environments (not
`jax.lax.scan` or `vmap`)" and pads each layout every evaluation; with many tasks the jitted
evaluation traces one rollout per layout. Here `evaluate_model` closes over the layout list and
unrolls one episode rollout (itself a Python loop over steps) per layout.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from evaluation import make_evaluate
from layouts import make_layouts


def run():
    layouts = make_layouts(8)
    evaluate_model = make_evaluate(layouts)
    params = jnp.ones((4, 64)) * 0.01
    return evaluate_model(params, jax.random.PRNGKey(0))
