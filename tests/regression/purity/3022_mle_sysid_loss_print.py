"""System-identification experiment (myriad trajectory-optimisation benchmark). The MLE
training loop jits `loss(given_params, dataset, epoch)`, which integrates the learned
dynamics, applies an epoch-dependent discount and, for some systems, prints
`"min discount", discount[-1]` to monitor it. The print runs only while jit traces the
function: it shows a Tracer once, at the first call, and nothing on the following
epochs, so the monitored discount is never actually seen.

Source: https://github.com/nikihowe/myriad/blob/6fb1b1e5c799ed91390076f6bf79f66d53f1fa5b/myriad/experiments/mle_sysid.py#L122
Observed on jax 0.10.x: 2 of 3 calls
"""
import contextlib
import io
from enum import Enum

import jax
import jax.numpy as jnp


class SystemType(Enum):
    BACTERIA = "BACTERIA"
    MOUNTAINCAR = "MOUNTAINCAR"
    CARTPOLE = "CARTPOLE"
    PENDULUM = "PENDULUM"


class HParams:
    system = SystemType.MOUNTAINCAR
    state_size = 2
    stepsize = 0.1
    num_steps = 20


hp = HParams()


def integrate_in_parallel(dynamics, start_xs, us, h):
    def step(x, u):
        x = x + h * dynamics(x, u)
        return x, x
    _, xs = jax.lax.scan(step, start_xs, jnp.swapaxes(us, 0, 1))
    return jnp.swapaxes(xs, 0, 1)


@jax.jit
def loss(given_params, dataset, epoch):
    def dynamics(x, u):
        return given_params["a"] * x + given_params["b"] * u

    train_xs = dataset[:, :, :hp.state_size]
    train_us = dataset[:, :, hp.state_size:]
    start_xs = train_xs[:, 0, :]
    predicted_states = integrate_in_parallel(dynamics, start_xs, train_us, hp.stepsize)

    diff = predicted_states - train_xs
    sq_diff = diff * diff
    long = jnp.mean(sq_diff, axis=(0, 2))  # average all axes except time
    discount = (1 - 1 / (1 + jnp.exp(2 + 0.000001 * epoch))) ** jnp.arange(len(long))
    if hp.system in [SystemType.BACTERIA, SystemType.MOUNTAINCAR, SystemType.CARTPOLE]:
        print("min discount", discount[-1])  # expect: JAX101
    else:
        discount = 1.
    return jnp.mean(long * discount)


def run():
    params = {"a": -0.5, "b": 1.0}
    dataset = jnp.ones((4, hp.num_steps, hp.state_size + 2))
    silent = 0
    for epoch in (0, 500, 1000):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            loss(params, dataset, epoch).block_until_ready()
        silent += "min discount" not in buf.getvalue()
    return silent
