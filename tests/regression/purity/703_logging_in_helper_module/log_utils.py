import logging

logger = logging.getLogger("training")


def log_update(step_size, grads):
    logger.warning("update with step size %s", step_size)  # expect: JAX102
    return grads * step_size
