"""A jitted function reads a module-level array that the driver later rebinds.

Source: https://github.com/jax-ml/jax/issues/10596
Report: a user's jitted function captured a global array; hawkinsp explained that a captured
value is baked into the compiled program as a constant ("the compiler may see this value, must
bake it into the program") and that values meant to vary must be passed as parameters. Here a
detector-projection matrix is a module global that a calibration step rebinds; the compiled
``project`` keeps using the matrix it saw at its first trace.
run() calibrates between calls and counts calls whose output used a stale matrix.

Observed on jax 0.10.2: 2 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

PROJECTION = jnp.eye(3)


def calibrate(angle):
    global PROJECTION
    c, s = np.cos(angle), np.sin(angle)
    PROJECTION = jnp.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]], dtype=jnp.float32)


@jax.jit
def project(points):
    return points @ PROJECTION.T  # expect: JAX108


def run():
    pts = jnp.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
    stale = 0
    for angle in (0.0, 0.5, 1.0):
        calibrate(angle)
        got = np.asarray(project(pts))
        want = np.asarray(pts @ PROJECTION.T)
        if not np.allclose(got, want, atol=1e-5):
            stale += 1
    return stale
