import logging

logger = logging.getLogger("gwkokab.model")


def set_log_level(level="DEBUG"):
    logger.setLevel(level)
