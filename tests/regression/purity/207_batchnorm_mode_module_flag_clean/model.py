from functools import partial

import jax

from layers import batch_norm


@partial(jax.jit, static_argnames="training")
def forward(params, x, training):
    h = x @ params["w"]
    return batch_norm(h, params["running_mean"], params["running_var"], training)
