"""Activation chosen with lax.switch; each branch prints which activation it uses.

Source: https://github.com/jax-ml/jax/issues/13351
In the report, a list of functions that each call print() is passed to jax.lax.switch
with index 0; all three messages ('a b c') are printed, because switch traces every
branch, and none are printed when the switch runs again.  The maintainers point to
jax.debug.print.  Here a policy head selects its activation per layer through
lax.switch and the branches log with print().

Observed on jax 0.10.2: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp


def _relu(h):
    print("policy head: relu")  # expect: JAX101
    return jax.nn.relu(h)


def _tanh(h):
    print("policy head: tanh")  # expect: JAX101
    return jnp.tanh(h)


def _gelu(h):
    print("policy head: gelu")  # expect: JAX101
    return jax.nn.gelu(h)


ACTIVATIONS = [_relu, _tanh, _gelu]


@jax.jit
def policy_head(params, obs, act_index):
    h = obs @ params["w"] + params["b"]
    h = jax.lax.switch(act_index, ACTIVATIONS, h)
    return h @ params["out"]


def run():
    params = {"w": jnp.ones((4, 8)), "b": jnp.zeros(8), "out": jnp.ones((8, 2))}
    obs = jnp.arange(4.0)
    calls_with_output = 0
    for idx in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            policy_head(params, obs, idx).block_until_ready()
        if buf.getvalue():
            calls_with_output += 1
    return calls_with_output
