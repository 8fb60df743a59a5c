"""Trimmed dynamiqs/_checks.py (before commit 51c4d147)."""
import warnings

import jax.numpy as jnp


def check_shape(x, argname, *shapes):
    if x.ndim < 2 or x.shape[-1] not in (1, x.shape[-2]):
        raise ValueError(f"Argument {argname} must have shape {' or '.join(shapes)}.")


def _warn_non_normalised(x, argname: str):
    # issue a warning if the input qarray-like is not normalised
    x = jnp.asarray(x)
    atol = 1e-2 if x.real.dtype == jnp.float32 else 1e-6
    norm = jnp.linalg.norm(x) if x.shape[-1] == 1 else jnp.trace(x).real
    if not jnp.allclose(norm, 1.0, rtol=0.0, atol=atol):  # expect: JAX201
        warnings.warn(
            f"Argument {argname} is not normalized (expected norm 1.0 but norm is"
            f" {norm}).",
            stacklevel=2,
        )
