import jax

from . import ops  # noqa: F401  (registers handlers)
from .registry import OPS


def build_model(nodes):
    """Returns a jitted function running a linear chain of ONNX nodes."""

    def model_func(x):
        for op_type, attrs in nodes:
            x = OPS[op_type](x, **attrs)
        return x

    return jax.jit(model_func)
