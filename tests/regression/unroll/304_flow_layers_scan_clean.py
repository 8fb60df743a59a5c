"""Clean: the coupling layers are applied with lax.scan over stacked params.

Source: https://github.com/kazewong/flowMC/issues/153
The fix (flowMC PR #154): forward and inverse passes use scan, so the layer
body is traced once regardless of depth.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

N_LAYERS = 48


def init_flow(key, n_layers, dim, hidden=16):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (n_layers, dim // 2, hidden)) * 0.1,
        "w2": jax.random.normal(k2, (n_layers, hidden, dim)) * 0.1,
    }


def coupling(params, x):
    x1, x2 = jnp.split(x, 2, -1)
    h = jnp.tanh(x1 @ params["w1"]) @ params["w2"]
    log_s, t = jnp.split(h, 2, -1)
    y2 = x2 * jnp.exp(log_s) + t
    return jnp.concatenate([y2, x1], -1), jnp.sum(log_s, -1)


@jax.jit
def forward(flow, x):
    def body(x, layer):
        x, log_det_i = coupling(layer, x)
        return x, log_det_i

    x, log_dets = jax.lax.scan(body, x, flow)
    return x, log_dets.sum(0)


def run():
    flow = init_flow(jax.random.PRNGKey(0), N_LAYERS, 4)
    return forward(flow, jnp.ones((8, 4)))[1]
