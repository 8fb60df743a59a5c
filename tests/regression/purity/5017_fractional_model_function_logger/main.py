"""rheojax, after its tracer fix: the fractional Burgers ``model_function`` no longer casts the
traced order to float, but it still emits ``logger.debug("model_function evaluation", ...)`` and
a per-mode debug line from inside the function that the least-squares objective jits. With
debug logging on, the user expects one record per objective evaluation; the records are emitted
only while the objective is traced (and carry a tracer instead of alpha), so later optimizer
iterations log nothing.

Source: https://github.com/imewei/rheojax/blob/5891e9b184bb10b9c084a0863646d4d79b74e882/rheojax/models/fractional/fractional_burgers.py#L546
Observed on jax 0.10.x: 1 of 4 calls
"""
import logging

import jax
import jax.numpy as jnp

from model import FractionalBurgersModel


class _Count(logging.Handler):
    def __init__(self):
        super().__init__()
        self.n = 0

    def emit(self, record):
        self.n += 1


def run():
    log = logging.getLogger("rheojax.models.fractional_burgers")
    log.setLevel(logging.DEBUG)
    counter = _Count()
    log.addHandler(counter)

    model = FractionalBurgersModel()
    t = jnp.linspace(0.1, 10.0, 16)
    true = jnp.array([1e-5, 1e4, 2e-5, 0.6, 1.5])
    J_data = 1.0 * (true[0] + t / true[1] + true[2] * (1.0 - jnp.exp(-((t / true[4]) ** true[3]))))

    @jax.jit
    def objective(p):
        return jnp.sum((model.model_function(t, p, test_mode="creep") - J_data) ** 2)

    params = jnp.array([2e-5, 5e3, 1e-5, 0.5, 1.0])
    logged = 0
    try:
        for it in range(4):
            before = counter.n
            objective(params * (1.0 + 0.01 * it))
            logged += counter.n > before
    finally:
        log.removeHandler(counter)
    return int(logged)


if __name__ == "__main__":
    run()
