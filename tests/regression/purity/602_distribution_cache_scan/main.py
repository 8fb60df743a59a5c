"""A distribution memoises derived state on itself inside a scanned core.

Source: https://github.com/google-deepmind/distrax/issues/64
`distrax.Distribution` objects used inside `jax.lax.scan` / `hk.dynamic_unroll`
leaked state: values computed during tracing of the scan body were cached on
the distribution instance, and using the instance afterwards hit an
"Encountered an unexpected tracer" error. Rebuilt in plain jax: a policy
distribution built outside the scan caches softmax(logits) on first access,
which happens inside the scan body.

Observed on jax 0.10.2: raises UnexpectedTracerError
"""
import jax
import jax.numpy as jnp

from distributions import Categorical


def rollout(policy, xs):
    def core(carry, x):
        h = carry + x * policy.entropy()
        return h, h

    return jax.lax.scan(core, jnp.float32(0.0), xs)


def run():
    policy = Categorical(jnp.array([0.1, 0.5, -0.3]))
    rollout(policy, jnp.arange(4.0))
    # after the unroll, the cached probabilities are used eagerly
    return policy.probs.sum()
