"""In the eqnn-jax N-body benchmark, ``loss_fn_wrapper`` is jitted with
``static_argnames=["model_fn", "criterion", "eval_trn", "steerable", "egnn",
"global_task"]``, but the function has no ``eval_trn`` parameter any more (a
leftover from an earlier signature). Current jax validates the names when the
decorator runs and raises "Jitted function has invalid argnames {'eval_trn'} in
static_argnames", so the training script dies as soon as the module is imported.

Source: https://github.com/smsharma/eqnn-jax/blob/39426398db43a69ae84364c423857277def438ef/benchmarks/nbody/train.py#L28
Observed on jax 0.10.x: raises ValueError
"""
from functools import partial

import jax
import jax.numpy as jnp
import optax


def run():
    from . import train  # the training module: its decorators run at import

    def model_fn(params, graph):
        return graph @ params["w"]

    params = {"w": jnp.eye(3)}
    graph = jnp.ones((5, 3))
    target = jnp.zeros((5, 3))
    opt = optax.adam(5e-4)
    opt_state = opt.init(params)
    loss_fn = partial(train.loss_fn_wrapper, model_fn=model_fn, criterion=optax.l2_loss,
                      steerable=False, egnn=False)
    loss, params, opt_state = train.update(params, graph, target, opt_state, loss_fn, opt.update)
    return float(loss)
