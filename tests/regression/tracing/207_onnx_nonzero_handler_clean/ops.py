import jax.numpy as jnp

from .registry import register


@register("Relu")
def onnx_relu(x, **attrs):
    return jnp.maximum(x, 0)


@register("NonZero")
def onnx_nonzero(x, **attrs):
    # Static upper bound: every element may be non-zero; pad with -1.
    return jnp.stack(jnp.nonzero(x, size=x.size, fill_value=-1))
