"""NoProp (training without back-propagation) research code, continuous-time variant. The
model's `loss(self, params, x, y, key, training=True)` is jitted with self and `training`
static, and while debugging the reconstruction the author added
`print(f"{jnp.sum((y_pred-z_target_est)**2)}")` to watch the squared error each step.
Inside jit that f-string formats a tracer: it prints a `Traced<...>` placeholder once,
when the loss is traced, and nothing on the following training steps.

Source: https://github.com/bayesianempirimancer/jax-noprop/blob/a2bc2aed498c0e98a6ee6141e71bcff9b38b015f/src/flow_models/archive/ct.py#L288
Observed on jax 0.10.x: 2 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp
import jax.random as jr

from model import NoPropCT


def run():
    model = NoPropCT({"recon_weight": 0.5})
    params = model.init(jr.PRNGKey(0))
    x = jr.normal(jr.PRNGKey(1), (8, 5))
    y = jax.nn.one_hot(jnp.arange(8) % 3, 3)
    silent = 0
    for step in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            (loss, aux), grads = jax.value_and_grad(model.loss, argnums=0, has_aux=True)(
                params, x, y, jr.PRNGKey(step))
            params = jax.tree_util.tree_map(lambda p, g: p - 0.01 * g, params, grads)
        silent += buf.getvalue().strip() == ""
    return silent
