"""Clean look-alike: the mcx PR adds a progress bar to the compiled inference loop by sending the
iteration number to the host through a callback from inside the scanned step (only every
`print_rate` iterations), instead of touching Python state directly. The host-side counter is
updated on every compiled run.

Source: https://github.com/rlouf/mcx/pull/70
Observed on jax 0.10.x: sample_scan compiled 1 times; 0 of 3 calls
"""
import jax
import jax.numpy as jnp

num_samples = 40
print_rate = 10
progress = {"n": 0}


def _update_progress(iter_num):
    progress["n"] += print_rate


def progress_bar_scan(func):
    def wrapper(carry, iter_num):
        jax.lax.cond(
            iter_num % print_rate == 0,
            lambda i: jax.debug.callback(_update_progress, i, ordered=True),
            lambda i: None,
            iter_num,
        )
        return func(carry, iter_num)
    return wrapper


@progress_bar_scan
def one_step(carry, iter_num):
    x, key = carry
    key, sub = jax.random.split(key)
    x = x + 0.1 * jax.random.normal(sub, x.shape)
    return (x, key), x


@jax.jit
def sample_scan(x0, key):
    _, xs = jax.lax.scan(one_step, (x0, key), jnp.arange(num_samples))
    return xs


def run():
    missed = 0
    for seed in range(3):
        before = progress["n"]
        sample_scan(jnp.zeros(2), jax.random.PRNGKey(seed)).block_until_ready()
        jax.effects_barrier()
        missed += int(progress["n"] - before != num_samples)
    return missed
