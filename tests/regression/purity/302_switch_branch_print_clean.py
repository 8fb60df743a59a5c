"""Clean look-alike: lax.switch branches report with jax.debug.print.

Source: https://github.com/jax-ml/jax/issues/13351
The fix suggested in the report: use jax.debug.print inside traced branches; it runs
every time the compiled switch executes the selected branch.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


def _relu(h):
    jax.debug.print("policy head: relu, mean={m}", m=h.mean())
    return jax.nn.relu(h)


def _tanh(h):
    jax.debug.print("policy head: tanh, mean={m}", m=h.mean())
    return jnp.tanh(h)


ACTIVATIONS = [_relu, _tanh]


@jax.jit
def policy_head(params, obs, act_index):
    h = obs @ params["w"] + params["b"]
    h = jax.lax.switch(act_index, ACTIVATIONS, h)
    return h @ params["out"]


def run():
    params = {"w": jnp.ones((4, 8)), "b": jnp.zeros(8), "out": jnp.ones((8, 2))}
    obs = jnp.arange(4.0)
    out = None
    for idx in range(2):
        out = policy_head(params, obs, idx)
    return out
