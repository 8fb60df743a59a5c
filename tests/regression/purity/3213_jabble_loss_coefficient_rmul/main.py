"""jabble (wobble in JAX, stellar spectra): loss objects are jitted methods with the instance as a
static argument (`@partial(jax.jit, static_argnums=(0,4,5))`), and `ChiSquare.__call__` reads
`self.coefficient` inside the traced body. Weighting a loss is done with `__mul__`/`__rmul__`,
which scale `self.coefficient` in place and return the same object. The static argument hashes
by identity, so after the first evaluation the jitted cache is hit again and the old
coefficient stays baked into the compiled loss.

Source: https://github.com/mdd423/wobble_jax/blob/8e3ddd15d0e01532e76dbd1f364e13c9a597adf6/jabble/loss.py#L165
Observed on jax 0.10.x: 1 of 1 calls
"""
import jax.numpy as jnp

from loss import ChiSquare


def shift_model(p, xs, metarow, margs):
    return p[0] + p[1] * xs


def run():
    xs = jnp.linspace(0.0, 1.0, 8)
    datarow = {"xs": xs, "ys": 2.0 * xs + 0.5, "yivar": jnp.ones(8), "mask": jnp.zeros(8, bool)}
    p = jnp.array([0.0, 1.0])
    loss = ChiSquare()
    before = loss(p, datarow, 0, shift_model).sum()
    loss = 10.0 * loss  # up-weight the chi-square term
    after = loss(p, datarow, 0, shift_model).sum()
    return int(bool(jnp.allclose(before, after)))
