"""Checkpointed blocks return their auxiliary loss; the caller sums it (the fix).

Source: https://github.com/jax-ml/jax/pull/4663
Look-alike of the repro in the PR written as JAX asks ("functions being
transformed should not save traced values to global state"): each
`jax.checkpoint`-ed block returns `(h, balance)` and the forward pass adds the
returned values in its own scope.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


def block(params, x):
    h = jnp.tanh(x @ params["w"])
    gate = jax.nn.softmax(h, axis=-1)
    balance = jnp.mean(jnp.sum(gate ** 2, axis=-1))
    return h, balance


def forward(stack, x):
    aux_loss = jnp.zeros([])
    for params in stack:
        x, balance = jax.checkpoint(block)(params, x)
        aux_loss = aux_loss + balance
    return x, aux_loss


@jax.jit
def loss_fn(stack, x, y):
    out, aux = forward(stack, x)
    return jnp.mean((out - y) ** 2) + 0.01 * aux


def run():
    key = jax.random.PRNGKey(0)
    keys = jax.random.split(key, 3)
    stack = [{"w": jax.random.normal(k, (8, 8)) * 0.2} for k in keys]
    x = jnp.ones((4, 8))
    return loss_fn(stack, x, jnp.zeros((4, 8)))
