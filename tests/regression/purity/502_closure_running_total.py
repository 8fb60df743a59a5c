"""A jitted closure accumulates into a list it closed over; only the trace-time update sticks.

Source: https://github.com/jax-ml/jax/issues/12773
Report: "Jax functions getting mixed" -- a class mutated closed-over state and then called
jitted code that read it. mattjj reduced it to a closure that does ``tot[0] += x`` inside a
``@jax.jit`` function returned by a factory: the mutation happens once while tracing, the
compiled function bakes the initial total in, and later calls return ``0 + x`` instead of the
running sum. Here the factory builds a metric accumulator for an evaluation loop.
run() feeds three batch losses and counts calls whose returned total is not the running sum.

Observed on jax 0.10.2: 2 of 3 calls
"""
import jax
import jax.numpy as jnp


def make_loss_accumulator(totals):
    """Returns a jitted function that adds a batch loss to ``totals['loss']``."""

    @jax.jit
    def accumulate(batch_loss):
        totals["loss"] += batch_loss  # expect: JAX104
        return totals["loss"]

    return accumulate


def run():
    totals = {"loss": 0.0}
    accumulate = make_loss_accumulator(totals)
    expected = 0.0
    wrong = 0
    for batch_loss in (1.0, 2.0, 3.0):
        expected += batch_loss
        got = float(accumulate(jnp.float32(batch_loss)))
        if abs(got - expected) > 1e-6:
            wrong += 1
    return wrong
