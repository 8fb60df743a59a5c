"""Range check ``if not 0.0 <= perturbation <= 1.0`` on a traced perturbation (e3x).

Source: https://github.com/google-research/e3x/commit/a08d4e7d0c7d795916bbd9ff889d7155628ee2c7
("Make random_rotation jittable")

``e3x.so3.random_rotation(key, perturbation=1.0, num=1)`` validated its argument
with a chained comparison and raised ``ValueError`` outside [0, 1]. Called from
a jitted augmentation whose rotation strength is an array (annealed during
training), the chained comparison needs a Python bool of a tracer. The fix
clamps instead: ``perturbation = jax.lax.clamp(0.0, perturbation, 1.0)``.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp


def random_rotation(key, perturbation=1.0, num=1):
    """Samples random 3x3 rotation matrices, biased to identity for perturbation < 1."""
    if not 0.0 <= perturbation <= 1.0:  # expect: JAX201
        raise ValueError(f"perturbation must be between 0.0 and 1.0, received {perturbation}")
    twopi = 2 * jnp.pi
    u = jax.random.uniform(key, shape=(num, 3))
    sqrt1, sqrt2 = jnp.sqrt(1 - u[..., 0]), jnp.sqrt(u[..., 0])
    r, i = sqrt1 * jnp.sin(twopi * u[..., 1]), sqrt1 * jnp.cos(twopi * u[..., 1])
    j, k = sqrt2 * jnp.sin(twopi * u[..., 2]), sqrt2 * jnp.cos(twopi * u[..., 2])
    flip = r < 0
    r, i, j, k = (jnp.where(flip, -c, c) for c in (r, i, j, k))
    phi = jnp.arccos(r)
    scale = jnp.where(phi > 1e-6, jnp.sin(perturbation * phi) / jnp.sin(phi), perturbation)
    r = jnp.cos(perturbation * phi)
    i, j, k = i * scale, j * scale, k * scale
    rot = jnp.stack([
        jnp.stack([1 - 2 * (j**2 + k**2), 2 * (i * j - k * r), 2 * (i * k + j * r)], -1),
        jnp.stack([2 * (i * j + k * r), 1 - 2 * (i**2 + k**2), 2 * (j * k - i * r)], -1),
        jnp.stack([2 * (i * k - j * r), 2 * (j * k + i * r), 1 - 2 * (i**2 + j**2)], -1),
    ], -2)
    return jnp.squeeze(rot, axis=0) if num == 1 else rot


@jax.jit
def augment_positions(key, positions, strength):
    rot = random_rotation(key, perturbation=strength)
    return positions @ rot.T


def run():
    positions = jnp.array([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
    strength = jnp.float32(0.25)  # annealed augmentation strength
    return augment_positions(jax.random.key(0), positions, strength)
