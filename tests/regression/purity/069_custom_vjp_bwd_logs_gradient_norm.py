"""A `custom_vjp` backward rule appends the gradient norm to a module-level list.

Source: https://docs.jax.dev/en/latest/notebooks/Custom_derivative_rules_for_Python_code.html
Gradient clipping is written as a custom VJP; recording the incoming cotangent from the `bwd`
rule in a list works eagerly but under `jax.jit` the rule is traced once, so only one (traced)
entry is recorded.

Observed on jax 0.10.x: appended in 1 of 3 calls
"""

import jax
import jax.numpy as jnp

grad_norms = []


@jax.custom_vjp
def clip_gradient(x):
    return x


def clip_fwd(x):
    return x, None


def clip_bwd(_, g):
    grad_norms.append(jnp.linalg.norm(g))  # expect: JAX104
    return (jnp.clip(g, -1.0, 1.0),)


clip_gradient.defvjp(clip_fwd, clip_bwd)


@jax.jit
def grad_step(w):
    return jax.grad(lambda v: jnp.sum(clip_gradient(v) ** 2))(w)


def run():
    for i in range(3):
        grad_step(jnp.ones(3) * i)
    return len(grad_norms)
