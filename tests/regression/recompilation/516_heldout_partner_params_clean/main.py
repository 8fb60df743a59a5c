"""Held-out partner evaluation with partner params passed as traced arguments (fixed version).

Source: https://github.com/LARG/jax-aht/pull/112
The PR's fix: "Both now take params as arguments and memoize the compiled function on the
static key" -- the static part is the (module-level, identity-stable) policy function, the
parameters are ordinary traced inputs, so all partners share one executable.

Observed on jax 0.10.2: _run_episodes compiled 1 times
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
