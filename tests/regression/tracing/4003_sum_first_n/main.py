"""In a "sharp bits: control flow" study notebook the user sums the first `n`
entries of an array with `for i in range(n)` and wraps the helper with
`f_jit = jit(f)` without marking `n` static. Under jit `n` is a tracer and
`range(n)` needs a concrete integer, so the call raises
TracerIntegerConversionError (the notebook then switches to
static_argnums=(1,)).

Source: https://github.com/Tershire/JAX_Study/blob/a6538eb43cd7ab7a010f644328fe82c495fd352f/S01/S01P08_sharp_bits_control_flow.ipynb
Observed on jax 0.10.x: raises TracerIntegerConversionError
"""
import jax.numpy as jnp
from jax import jit

from utils import f


def run():
    f(jnp.array([1, 2, 3]), 2)  # eager: fine
    f_jit = jit(f)
    return f_jit(jnp.array([1, 2, 3]), 2)


if __name__ == "__main__":
    run()
