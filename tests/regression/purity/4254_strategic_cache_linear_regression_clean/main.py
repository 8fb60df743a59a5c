"""The JAX book's listing 6-19 ("strategic cache" linear regression) jits `model`,
`loss_function` and an `optimizer` step over a `Parameters` NamedTuple, then drives
5000 steps from a plain Python loop that calls `time.time()` and prints the loss
every 500 steps. The host clock and the prints live in the eager training loop, not
in the jitted functions, so every step really runs and the timings are real; the
NamedTuple parameters are a pytree, not static state.

Source: https://github.com/halfroad/JAX/blob/4dd4c6a377173e61a4343b4081c8d889b4ce2fe9/Chapters/06/6.4/6.4.6/6-19/StrategicCacheLinearRegression.py#L58
Observed on jax 0.10.x: optimizer compiled 1 times
"""
import time

import jax

from model import init, loss_function, optimizer


def setup():

    key = jax.random.PRNGKey(17)

    weight = .929
    bias = .214

    inputs = jax.random.normal(key, shape = (64, 1))
    genuines = weight * inputs + bias

    return key, weight, bias, inputs, genuines


def train(steps=200):

    key, weight, bias, inputs, genuines = setup()
    parameters = init(key)

    begin = time.time()
    losses = []

    for i in range(steps):

        parameters = optimizer(parameters, inputs, genuines)

        if (i + 1) % 50 == 0:

            loss = loss_function(parameters, inputs, genuines)
            end = time.time()

            print(f"%.6fs consumed," % (end - begin), f"%i times," % (i + 1), f"loss %.6f" % loss)
            losses.append(float(loss))

            begin = time.time()

    return losses


def run():
    losses = train()
    assert losses[-1] < losses[0]
    return 0
