"""A step-0-only parity audit keeps firing on every denoising step under jit.

Source: https://github.com/AI-Hypercomputer/maxdiffusion/commit/a55f48a6129d73dee4c673f64960aef6fd3d5ed0
("use jax.debug.print for compile safe audits"; replaced two commits later by
5e4bab83, which passes ``is_step_0`` as a static argname of the jitted pass)

In the LTX-2 pipeline the proj_in/block-0 hooks read a closure dict
``audit_state["is_step_0"]`` that the Python denoising loop rewrites before each
call of the jitted ``transformer_forward_pass``. The flag is read while tracing,
so the value seen on step 0 (True) is baked into the compiled pass and the audit
print is executed on every later step as well (the flip to False is invisible to
the cached program). The loop here runs 4 steps and counts audit lines.

Observed on jax 0.10.2: 4 of 4 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp

from pipeline import LTX2Pipeline
from transformer import LTX2Transformer


def run():
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    transformer = LTX2Transformer(
        jax.random.normal(k1, (8, 8)) * 0.1, [jax.random.normal(k2, (8, 8)) * 0.1]
    )
    latents = jax.random.normal(k3, (2, 8))
    ref = latents @ transformer.proj_in.w
    pipe = LTX2Pipeline(transformer, ref_proj_in=ref)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        pipe(latents, jnp.linspace(1.0, 0.25, 4))
        jax.effects_barrier()
    return buf.getvalue().count("[Step 0 Intermediate]")
