"""Held-out partner evaluation that passes a fresh partial of the partner policy as static.

Source: https://github.com/LARG/jax-aht/pull/112
"Heldout params were closed over as jit constants, so every partner triggered its own ~16s XLA
compile even when partners shared a policy. `run_episodes` ... built a fresh `jax.jit` object
per call". Here the partner's parameters are bound into a `functools.partial` that is passed at
a static position; partials hash by identity, so every partner compiles again.

Observed on jax 0.10.2: _run_episodes compiled 4 times
"""
import jax
import jax.numpy as jnp

from policies import init_policy, mlp_policy
from runner import eval_heldout


def run():
    keys = jax.random.split(jax.random.PRNGKey(0), 5)
    ego = init_policy(keys[0], 6, 3)
    partners = [init_policy(k, 6, 3) for k in keys[1:]]
    obs0 = jnp.ones((32, 6))
    return eval_heldout(ego, partners, mlp_policy, obs0)[-1]
