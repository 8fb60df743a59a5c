"""A `custom_vjp` function's non-differentiable argument branched on in its rules.

Source: https://github.com/AI-Hypercomputer/maxtext/blob/main/src/maxtext/kernels/tokamax_splash_attention/splash_attention_kernel.py
(`_splash_attention_custom` declares `nondiff_argnames=(..., "dkv_mask_sparsity")`; its `bwd`
rule computes a cost estimate with `int(... * mask_sparsity_factor)`)
Arguments named by `nondiff_argnums`/`nondiff_argnames` reach the function, its `fwd` (where the
function takes them) and its `bwd` (first) as the Python values they are, under jit and grad.

Observed on jax 0.10.x: runs
"""

import functools

import jax
import jax.numpy as jnp


def cost(x, sparsity):
    return int(x.shape[0] * sparsity)


@functools.partial(jax.custom_vjp, nondiff_argnames=("sparsity",))
def attention(q, sparsity):
    return q * 2


def attention_fwd(q, sparsity):
    if sparsity > 0.5:
        return q * 2, q
    return q, q


def attention_bwd(sparsity, res, g):
    if sparsity > 0.5:
        return (g * cost(res, sparsity),)
    return (g,)


attention.defvjp(attention_fwd, attention_bwd)


@functools.partial(jax.jit, static_argnames=("sparsity",))
def loss(q, sparsity):
    return attention(q, sparsity).sum()


def run():
    jax.grad(loss)(jnp.ones(4), 0.7)
