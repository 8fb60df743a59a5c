"""The parent key is used again after being split into per-chain keys.

Source: https://github.com/blackjax-devs/blackjax/pull/526
What happened: the PR fixes improper PRNG splitting; review asks to follow the
JAX style `key, *subkeys = random.split(key, num=k)` so the parent key is passed
on and only the subkeys are consumed, instead of consuming a key after
splitting it. Here the caller also keeps passing the never-advanced parent, so
the jitter repeats every round.
run() returns how many later rounds repeat the first round's step jitter.
Observed on jax 0.10.2: 2 of 3 calls
"""
import jax
import jax.numpy as jnp

from kernels import init_chains


def run():
    key = jax.random.PRNGKey(3)
    _, first = init_chains(key, 4, 2)
    same = 0
    for _ in range(2):
        _, jitter = init_chains(key, 4, 2)
        if bool(jnp.all(jitter == first)):
            same += 1
    return same
