import jax.numpy as jnp

from utils import _constant_s32_scalar


def Send(x, dest, tag=0):
    dest_op = _constant_s32_scalar(dest)
    tag_op = _constant_s32_scalar(tag)
    # stand-in for the XLA custom call: tag the payload with its routing
    return x + 0 * (dest_op + tag_op)
