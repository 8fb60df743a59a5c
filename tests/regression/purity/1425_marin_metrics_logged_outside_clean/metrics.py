"""Logging helper module (stand-in for the tracker calls levanter makes after each step)."""
import logging

logger = logging.getLogger("train")
history = []


def log_metrics(step, metrics):
    values = {k: float(v) for k, v in metrics.items()}
    history.append((step, values))
    logger.info("step %d: %s", step, values)
