"""End-to-end system identification (myriad). The experiment builds a jitted
`simple_imitation_loss(xs_and_us, epoch)` that discounts later time steps and prints
`"min discount", discount[-1]` so the user can watch the discount decay over training;
`lookahead_update` (also jitted) differentiates it with jax.grad every epoch and the
training loop also calls it to record the loss. The print is a trace-time side effect:
it fires (showing a Tracer) only when the loss is traced, not at each epoch.

Source: https://github.com/nikihowe/myriad/blob/6fb1b1e5c799ed91390076f6bf79f66d53f1fa5b/myriad/experiments/e2e_sysid.py#L204
Observed on jax 0.10.x: 3 of 4 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp

from losses import SystemType, make_imitation_loss

N, STATE, CONTROL = 10, 2, 1
true_opt_us = jnp.linspace(-1.0, 1.0, N)[:, None]


def unravel(xs_and_us):
    xs = xs_and_us[: N * STATE].reshape(N, STATE)
    us = xs_and_us[N * STATE:].reshape(N, CONTROL)
    return xs, us


simple_imitation_loss = make_imitation_loss(SystemType.PENDULUM, unravel, true_opt_us)


@jax.jit
def lookahead_update(xs_and_us, epoch):
    dJ_dx = jax.grad(simple_imitation_loss)(xs_and_us, epoch)
    return xs_and_us - 0.1 * dJ_dx


def run():
    xs_and_us = jnp.zeros(N * (STATE + CONTROL))
    silent = 0
    for epoch in range(4):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            xs_and_us = lookahead_update(xs_and_us, epoch)
            cur_loss = simple_imitation_loss(xs_and_us, epoch)
            cur_loss.block_until_ready()
        silent += "min discount" not in buf.getvalue()
    return silent
