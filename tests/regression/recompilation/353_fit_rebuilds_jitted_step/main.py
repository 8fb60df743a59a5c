"""fit() wraps its step function in jax.jit on every call.

Source: https://github.com/thomaspinder/GPJax/issues/46
GPJax's training loop could not itself be jitted (it used tqdm), so a
`jit_compile=True` option applied jax.jit to each training step inside fit().
The step closure and its jit wrapper are rebuilt every time fit() runs, so
refitting (e.g. on each outer restart) recompiles the step every time.

Observed on jax 0.10.2: step compiled 3 times
"""
import jax
import jax.numpy as jnp

from gp import fit


def run():
    x = jnp.linspace(0.0, 1.0, 16)
    y = jnp.sin(6.0 * x)
    losses = []
    for restart in range(3):
        init = {"log_ls": jnp.asarray(-1.0 + 0.1 * restart), "log_var": jnp.asarray(0.0), "log_noise": jnp.asarray(-3.0)}
        _, loss = fit(init, x, y, num_iters=5)
        losses.append(loss)
    return losses
