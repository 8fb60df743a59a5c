"""dynamiqs: `dq.wigner()` normalisation warning branches on a traced norm.

Source: https://github.com/dynamiqs/dynamiqs/pull/925
(dynamiqs, commit 51c4d147 "Remove normalization warning in `dq.wigner()` (not
jit-compatible)").

`wigner()` is jitted (dynamiqs wraps it with `jax.jit`, `npixels` static) and
calls the helper `_warn_non_normalised` from another module, which does
`if not jnp.allclose(norm, 1.0, ...): warnings.warn(...)`. Under jit the norm is
traced, so `not` asks for its Python truth value. The maintainers first tried
`jax.debug.callback`, then removed the warning. Script-style directory: main.py
imports `wigner_utils`, which imports `_checks` (where the hazard is).

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax.numpy as jnp

from wigner_utils import wigner


def run():
    psi = jnp.zeros((5, 1), dtype=jnp.complex64).at[1, 0].set(1.0)
    x, y, w = wigner(psi, npixels=21)
    return w
