"""A tqdm progress bar advanced from inside a `lax.scan` body.

Source: https://github.com/jeremiecoullon/jax-tqdm/pull/3
A progress bar for a compiled sampling loop must be driven by a host callback: calling
`pbar.update(1)` directly in the scanned step runs once, while the step is traced, so the bar
stops at 1 however many iterations the scan runs.

Observed on jax 0.10.x: advanced in 1 of 3 calls
"""

import io

import jax
import jax.numpy as jnp
from tqdm import tqdm


def run_chain(x0, n_steps):
    pbar = tqdm(total=n_steps, file=io.StringIO())

    def step(x, _):
        pbar.update(1)  # expect: JAX102
        x = 0.9 * x + 0.1
        return x, x

    _, trace = jax.lax.scan(step, x0, None, length=n_steps)
    return pbar.n, trace


def run():
    advanced, _ = run_chain(jnp.zeros(2), 3)
    return advanced
