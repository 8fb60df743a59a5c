"""For mcx's compiled inference loop, the proposal was a decorator that adds a
progress bar to the `lax.scan` body: every `print_rate` iterations a host
callback reports the iteration number, selected with `lax.cond` on the traced
iteration counter. Because the printing happens through a callback that the
compiled program calls at run time (here `jax.debug.callback`, the current
spelling of `host_callback.id_tap`), it fires on every run, not only while
tracing.

Source: https://github.com/rlouf/mcx/issues/69
Observed on jax 0.10.x: 2 of 2 calls
"""
import jax
import jax.numpy as jnp
from jax import lax

seen = []


def _print_consumer(iter_num, n_iter):
    seen.append(int(iter_num))


def _progress_bar(arg, result):
    iter_num, n_iter, print_rate = arg
    lax.cond(
        iter_num % print_rate == 0,
        lambda _: jax.debug.callback(_print_consumer, iter_num, n_iter),
        lambda _: None,
        operand=None,
    )
    return result


def progress_bar(num_samples):
    def pbar_factory(func):
        print_rate = int(num_samples / 10)

        def wrapper_progress_bar(carry, iter_num):
            iter_num = _progress_bar((iter_num, num_samples, print_rate), iter_num)
            return func(carry, iter_num)

        return wrapper_progress_bar

    return pbar_factory


num_samples = 50


@progress_bar(num_samples)
def body_fun(carry, i):
    return carry + 0.5 * i, carry


@jax.jit
def sample_scan(init):
    return lax.scan(body_fun, init, jnp.arange(num_samples))


def run():
    shown = 0
    for _ in range(2):
        before = len(seen)
        out = sample_scan(0.0)
        jax.block_until_ready(out)
        jax.effects_barrier()
        shown += int(len(seen) - before == 10)
    return shown
