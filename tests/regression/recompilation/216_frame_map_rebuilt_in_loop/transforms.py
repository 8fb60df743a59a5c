import jax
import jax.numpy as jnp


def rotation(angle):
    c, s = jnp.cos(angle), jnp.sin(angle)
    return jnp.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def make_point_map(angle):
    """Return a function mapping points from the ICRS-like frame to a rotated one."""
    R = rotation(angle)

    def point_map(points):
        return points @ R.T

    return point_map
