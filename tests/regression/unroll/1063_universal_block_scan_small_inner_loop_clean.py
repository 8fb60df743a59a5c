"""Universal-transformer block applied n times: scan outside, tiny fixed loop inside.

Source: https://github.com/patrick-kidger/equinox/issues/726
What happened: the user wanted to apply a block of layers ``n`` times with a
checkpointed scan plus unrolling; the maintainer suggested the
"checkpoint-of-unrolled-scan" form: put a small ``for`` loop inside the body
function of the scan, so only a couple of iterations are unrolled per step.
Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

INNER_UNROLL = 2


def block(params, h):
    return jnp.tanh(h @ params["w"] + params["b"])


@jax.jit
def universal_encoder(params, h, n_repeats_arr):
    @jax.checkpoint
    def body(h, _):
        for _ in range(INNER_UNROLL):
            h = block(params, h)
        return h, None

    h, _ = jax.lax.scan(body, h, n_repeats_arr)
    return h


def run():
    params = {"w": jnp.eye(4) * 0.5, "b": jnp.zeros(4)}
    return universal_encoder(params, jnp.ones((2, 4)), jnp.arange(64)).sum()
