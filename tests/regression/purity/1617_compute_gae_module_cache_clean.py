"""mesozoic-labs' PPO notebook refactored `compute_gae()` so that the jitted GAE kernel is
built once and cached in a module-level variable (`global _compute_gae_jit` is rebound on
the first call, outside any traced code). The global rebinding happens in plain Python
before the jitted function is invoked, so the kernel is compiled once and reused.

Source: https://github.com/kuds/mesozoic-labs/pull/371
Observed on jax 0.10.x: _compute_gae_impl compiled 1 times
"""
import jax
import jax.numpy as jnp

_compute_gae_jit = None


def _compute_gae_impl(rewards, values, dones, last_value, gamma, lam):
    def body(carry, xs):
        gae, next_value = carry
        r, v, d = xs
        delta = r + gamma * next_value * (1.0 - d) - v
        gae = delta + gamma * lam * (1.0 - d) * gae
        return (gae, v), gae

    _, adv = jax.lax.scan(body, (jnp.zeros_like(last_value), last_value),
                          (rewards, values, dones), reverse=True)
    return adv, adv + values


def compute_gae(rewards, values, dones, last_value, gamma=0.99, lam=0.95):
    global _compute_gae_jit
    if _compute_gae_jit is None:
        _compute_gae_jit = jax.jit(_compute_gae_impl)
    return _compute_gae_jit(rewards, values, dones, last_value, gamma, lam)


def run():
    key = jax.random.PRNGKey(0)
    out = None
    for update in range(3):
        key, k1, k2 = jax.random.split(key, 3)
        rewards = jax.random.normal(k1, (128, 8))
        values = jax.random.normal(k2, (128, 8))
        dones = jnp.zeros((128, 8))
        out = compute_gae(rewards, values, dones, values[-1])
    return out
