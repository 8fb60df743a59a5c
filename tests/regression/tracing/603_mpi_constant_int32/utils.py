import numpy as _np


def _constant_s32_scalar(x):
    # build the scalar operand for the custom call
    return _np.int32(x)  # expect: JAX203
