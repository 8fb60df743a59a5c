import logging

import jax.numpy as jnp

# configure logger for the module; the DEBUG level feeds plot.py (losses over training)
logger = logging.getLogger("sac_utils")
logger.setLevel(logging.DEBUG)
logger.propagate = False


class PlotRecords(logging.Handler):
    """Stands in for the FileHandler("to_plot.log") that plot.py parses."""

    def __init__(self):
        super().__init__(level=logging.DEBUG)
        self.lines = []

    def emit(self, record):
        self.lines.append(record.getMessage())


plot_records = PlotRecords()
logger.addHandler(plot_records)


def mse_loss(pred, target):
    return jnp.mean((pred - target) ** 2)
