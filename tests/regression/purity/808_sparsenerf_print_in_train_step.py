"""SparseNeRF: `print` of a loss term inside the jitted train step.

Source: https://github.com/Wanggcong/SparseNeRF/issues/16
(SparseNeRF, "How to print with JAX when debug").

The user added `print(...)` calls to the (RegNeRF-derived) jitted
`train_step` to inspect the depth-ranking loss and got only
`Traced<ShapedArray(float32[2])>with<DynamicJaxprTrace(level=0/1)>`, once: a
Python `print` in a jitted function runs during tracing only, with tracers,
and is absent from the compiled step. Model trimmed to a linear "renderer";
the loss structure (photometric + depth ranking) is kept.

Observed on jax 0.10.2: 1 of 3 calls
"""
import functools
import io
from contextlib import redirect_stdout

import jax
import jax.numpy as jnp


def render(params, rays):
    rgb = jax.nn.sigmoid(rays @ params["w_rgb"])
    depth = jax.nn.softplus(rays @ params["w_depth"])
    return rgb, depth[..., 0]


def depth_ranking_loss(depth, depth_prior, margin=1e-4):
    d = depth.reshape(-1, 2)
    p = depth_prior.reshape(-1, 2)
    sign = jnp.sign(p[:, 0] - p[:, 1])
    return jnp.mean(jnp.maximum(-sign * (d[:, 0] - d[:, 1]) + margin, 0.0))


@functools.partial(jax.jit, donate_argnums=(0,))
def train_step(params, batch, lr):
    def loss_fn(params):
        rgb, depth = render(params, batch["rays"])
        loss_rgb = jnp.mean((rgb - batch["rgb"]) ** 2)
        loss_depth = depth_ranking_loss(depth, batch["depth_prior"])
        print("losses", jnp.stack([loss_rgb, loss_depth]))  # expect: JAX101
        return loss_rgb + 0.1 * loss_depth

    loss, grads = jax.value_and_grad(loss_fn)(params)
    params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return params, loss


def run():
    key = jax.random.PRNGKey(0)
    k1, k2, k3 = jax.random.split(key, 3)
    params = {"w_rgb": jnp.zeros((6, 3)), "w_depth": jnp.zeros((6, 1))}
    batch = {
        "rays": jax.random.normal(k1, (16, 6)),
        "rgb": jax.random.uniform(k2, (16, 3)),
        "depth_prior": jax.random.uniform(k3, (16,)),
    }
    out = io.StringIO()
    with redirect_stdout(out):
        for _ in range(3):
            params, loss = train_step(params, batch, 0.1)
    return out.getvalue().count("losses")
