"""static_argnums left pointing past the end after a parameter was removed.

Source: https://gist.github.com/yberreby/79850710c020dbe8d36828c54cde8e82
What happened: the author's "JAX lessons learned" recommend static_argnames over
static_argnums because positional indices silently go stale when a signature
changes; here the ``discount`` parameter was folded into a config and the index
(3,) now names no parameter.
Observed on jax 0.10.2: raises ValueError
"""
import functools

import jax
import jax.numpy as jnp


def make_rollout_fn(policy_apply):
    @functools.partial(jax.jit, static_argnums=(3,))  # expect: JAX303
    def rollout(params, obs, horizon):
        def body(o, _):
            a = policy_apply(params, o)
            return o + 0.1 * a, a
        _, actions = jax.lax.scan(body, obs, None, length=horizon)
        return actions

    return rollout


def run():
    rollout = make_rollout_fn(lambda p, o: jnp.tanh(p * o))
    return rollout(jnp.ones(2), jnp.zeros(2), 5).sum()
