"""Checkpointed blocks add their auxiliary loss into an enclosing list.

Source: https://github.com/jax-ml/jax/pull/4663
The repro in this PR (from tomhennigan, based on one by mfigurnov, modelling an
internal Flax/Haiku failure) is
`seq = [jnp.zeros([])]; def g(): seq[0] += 1; return seq[0]` with
`jax.remat(g)()` called twice inside `jax.jit(f)`: the list cell written inside
the rematerialised function holds a tracer of the remat trace, and the second
block (or the caller) reads it after that trace has ended.  The PR turned the
resulting internal `KeyError` into an escaped-tracer error.

Here a stack of mixture-of-experts style blocks is checkpointed with
`jax.checkpoint` and each block adds its load-balancing loss into a list owned
by the enclosing forward function.

Observed on jax 0.10.2: raises UnexpectedTracerError
"""
import jax
import jax.numpy as jnp


def block(params, x):
    h = jnp.tanh(x @ params["w"])
    gate = jax.nn.softmax(h, axis=-1)
    balance = jnp.mean(jnp.sum(gate ** 2, axis=-1))
    return h, balance


def forward(stack, x):
    aux_loss = [jnp.zeros([])]

    def checkpointed_block(params, x):
        h, balance = block(params, x)
        aux_loss[0] += balance  # expect: JAX104
        return h

    for params in stack:
        x = jax.checkpoint(checkpointed_block)(params, x)
    return x, aux_loss[0]


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
