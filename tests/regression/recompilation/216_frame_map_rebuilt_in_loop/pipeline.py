import jax
import jax.numpy as jnp

from transforms import make_point_map


def transform_catalog(chunks, angle):
    out = []
    for chunk in chunks:
        point_map = jax.jit(make_point_map(angle))
        out.append(point_map(chunk))  # expect: JAX401
    return out
