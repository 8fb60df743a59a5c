"""Progress bars for jax.lax.scan bodies, updated from the host through jax.debug.callback
(in the spirit of jax-tqdm's `scan_tqdm` with one bar per vmapped run)."""
import typing

import jax
import jax.numpy as jnp


class PBar(typing.NamedTuple):
    id: jax.Array
    carry: typing.Any


def scan_progress(n, print_rate, bars):
    """`bars` is a host-side dict {bar_id: steps_done}; it is only touched by the callback."""

    def _update(bar_id, iter_num):
        bars[int(bar_id)] = bars.get(int(bar_id), 0) + print_rate

    def decorator(body):
        def wrapped(pbar, x):
            iter_num = x
            jax.lax.cond(
                (iter_num % print_rate) == 0,
                lambda: jax.debug.callback(_update, pbar.id, iter_num),
                lambda: None,
            )
            carry, y = body(pbar.carry, x)
            return PBar(id=pbar.id, carry=carry), y

        return wrapped

    return decorator
