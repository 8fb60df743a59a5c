"""Clean look-alike: the step-0 audit flag is an explicit input of the jitted pass.

Source: https://github.com/AI-Hypercomputer/maxdiffusion/commit/5e4bab83f139109c4584d8bf8ecab330853a9377
(follow-up to a55f48a6: ``is_step_0`` is passed to ``transformer_forward_pass``
as an argument instead of being read from a closure dict at trace time)

Here the flag is a traced boolean that reaches the hook through the call, and the
hook selects the print with ``lax.cond``; the pass compiles once and the audit
line is printed on step 0 only.

Observed on jax 0.10.2: 1 of 4 calls; transformer_forward_pass compiled 1 times
"""
import contextlib
import io

import jax
import jax.numpy as jnp

from pipeline import LTX2Pipeline, make_proj_in_audit
from transformer import LTX2Transformer


def run():
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    w_in = jax.random.normal(k1, (8, 8)) * 0.1
    latents = jax.random.normal(k3, (2, 8))
    transformer = LTX2Transformer(
        w_in, [jax.random.normal(k2, (8, 8)) * 0.1],
        proj_in_audit=make_proj_in_audit(latents @ w_in),
    )
    pipe = LTX2Pipeline(transformer)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        pipe(latents, jnp.linspace(1.0, 0.25, 4))
        jax.effects_barrier()
    return buf.getvalue().count("[Step 0 Intermediate]")
