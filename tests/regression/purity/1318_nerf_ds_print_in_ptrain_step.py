"""A NeRF-DS user asked how to inspect tensors inside the pmapped/jitted `ptrain_step` of
`train.py`. Putting a `print` in the step only shows something while the function is being
traced (and then only an abstract Traced<ShapedArray> value); every subsequent training step is
silent. The author's answer was that they never found a good printing function and pointed to
`jax.debug.print`.

Source: https://github.com/JokerYan/NeRF-DS/issues/3
Observed on jax 0.10.x: 2 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp


def render_rays(params, rays):
    return jnp.tanh(rays @ params["mlp"])


def train_step(state, batch, alpha, scalar_params):
    def loss_fn(params):
        rgb = render_rays(params, batch["rays"])
        rgb_loss = jnp.mean((rgb - batch["rgb"]) ** 2)
        print("rgb_loss", rgb_loss, "alpha", alpha)  # expect: JAX101
        return rgb_loss * scalar_params["rgb_weight"]

    loss, grads = jax.value_and_grad(loss_fn)(state["params"])
    new_params = jax.tree_util.tree_map(lambda p, g: p - 1e-2 * g, state["params"], grads)
    return {"params": new_params}, loss


ptrain_step = jax.jit(train_step)


def run():
    state = {"params": {"mlp": jnp.full((6, 3), 0.1, dtype=jnp.float32)}}
    batch = {"rays": jnp.ones((16, 6)), "rgb": jnp.full((16, 3), 0.5, dtype=jnp.float32)}
    scalar_params = {"rgb_weight": jnp.asarray(1.0)}
    silent = 0
    for step in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            state, loss = ptrain_step(state, batch, jnp.asarray(step * 0.1), scalar_params)
        silent += buf.getvalue() == ""
    return silent
