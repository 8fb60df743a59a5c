"""JAX arrays computed in __post_init__ stored in equinox static fields.

Source: https://github.com/patrick-kidger/equinox/issues/1034
The user precomputed derived values (`len = jnp.sqrt(a**2 + b**2)`) in
`__post_init__` and marked the field `eqx.field(init=False, static=True)` to keep
it out of differentiation; equinox warns "A JAX array is being set as static!".
The array becomes pytree metadata that jit must hash and compare. Here the derived
value is the unit direction vector (2 elements) of the same model; the second
freshly built module makes jit compare two array-valued metadata fields.

Observed on jax 0.10.2: raises ValueError
"""
import equinox as eqx
import jax
import jax.numpy as jnp


class Direction(eqx.Module):
    a: float
    b: float
    unit: jax.Array = eqx.field(init=False, static=True)  # expect: JAX301

    def __post_init__(self):
        v = jnp.array([self.a, self.b])
        self.unit = v / jnp.sqrt(self.a**2 + self.b**2)

    def __call__(self, x):
        return self.unit * x


@jax.jit
def apply_model(model, x):
    return model(x)


def run():
    out = None
    for scale in (1.0, 2.0):
        model = Direction(3.0 * scale, 4.0 * scale)
        out = apply_model(model, jnp.array(1.0))
    return out
