"""jax-tqdm's multiple-progress-bar change: when a scanned function is vmapped, the body is
traced once, so a bar created at trace time would receive every update. The PR carries a
bar id through the scan (`PBar(id=i, carry=...)`) and routes each update from the host
callback to its own bar. Here the host-side bookkeeping lives in a callback executed at run
time, not in the traced body, so every step of every vmapped run is reported.

Source: https://github.com/jeremiecoullon/jax-tqdm/pull/25
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from pbar import PBar, scan_progress

N = 20
BARS = {}


@scan_progress(N, print_rate=5, bars=BARS)
def step(carry, x):
    return carry + 1, carry * 2


@jax.jit
def map_func(i):
    init = PBar(id=i, carry=0)
    final, ys = jax.lax.scan(step, init, jnp.arange(N))
    return final.carry, ys


def run():
    last, ys = jax.vmap(map_func)(jnp.arange(4))
    jax.effects_barrier()
    return last
