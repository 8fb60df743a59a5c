"""Debug-mode stage logging inside a model evaluated under jit.

Source: https://github.com/mlprt/feedbax
What happened: feedbax's debugging mode logs the details of every model stage
executed during evaluation; when the model runs inside jax.jit the logging call
runs only while tracing, so each stage is logged once with tracer reprs rather
than once per step.
run() returns how many stage records were logged across three jitted calls.
Observed on jax 0.10.2: 1 of 3 calls
"""
import logging

import jax
import jax.numpy as jnp

from staged import SimpleFeedback, logger


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.records = []

    def emit(self, record):
        self.records.append(record)


def run():
    handler = _Collect()
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        model = SimpleFeedback(gain=0.5)
        step = jax.jit(model)
        state = jnp.zeros(2)
        for i in range(3):
            state = step(state, jnp.full(2, float(i)))
    finally:
        logger.removeHandler(handler)
    return len(handler.records)
