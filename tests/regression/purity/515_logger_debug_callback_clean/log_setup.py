import logging
from functools import partial

import jax

logger = logging.getLogger("gwkokab.model.clean")


def set_log_level(level="DEBUG"):
    logger.setLevel(level)


def log_debug_callback(fmt, *args):
    """Logs from inside jitted code: the call is staged and runs on every execution."""
    jax.debug.callback(partial(logger.debug, fmt), *args)
