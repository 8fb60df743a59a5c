"""Train step called with a Python-float learning rate at first and with a
schedule's array value afterwards.

Source: https://github.com/jax-ml/jax/issues/23302
"If a jitted function is called twice, one with a weak_type and once with a
non-weak_type, this triggers recompilation" (hit in equinox's
``assert_max_traces`` debugging, patrick-kidger/equinox#817).

Observed on jax 0.10.2: train_step compiled 2 times
"""
import jax
import jax.numpy as jnp


@jax.jit
def train_step(w, x, y, lr):
    g = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    return w - lr * g


def cosine_schedule(step, base_lr=0.1, total=10):
    value = base_lr * 0.5 * (1 + jnp.cos(jnp.pi * step / total))
    return jnp.asarray(value, dtype=jnp.float32)


def train():
    w = jnp.zeros(3)
    x, y = jnp.ones((4, 3)), jnp.ones(4)
    count = jnp.zeros([], jnp.int32)  # optimizer step counter
    w = train_step(w, x, y, 0.1)
    for _ in range(1, 3):
        count = count + 1
        lr = cosine_schedule(count)
        w = train_step(w, x, y, lr)  # expect: JAX406
    return w


def run():
    return train()
