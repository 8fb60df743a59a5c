"""A Russian Q&A write-up ("Как избежать TracerArrayConversionError в JAX jit при
работе с состоянием") shows a `Box` class whose jitted method (self static via
static_argnums=0) prints a message and stores its intermediate result on the
instance, `self.cache = out`. The print only happens during the first trace,
and the attribute receives the tracer, not an array: `np.array(out1)` works,
but materialising `np.array(box.cache)` afterwards fails.

Source: https://pytroubles.com/ru/ampposts/id913-jax-i-jit-tracerarrayconversionerror-i-kak-ispravit
Observed on jax 0.10.x: raises TracerArrayConversionError
"""
import numpy as np
import jax.numpy as jnp

from box import Box


def host_bootstrap():
    print("This code runs once at the beginning of the program.")
    return jnp.array([1.0, 2.0, 3.0])


def run():
    payload = host_bootstrap()
    box = Box()
    out1 = box.apply_jit(payload)  # tracing happens here
    np.array(out1)
    return np.array(box.cache)


if __name__ == "__main__":
    run()
