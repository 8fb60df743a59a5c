"""Clean look-alike: the energy print from the force computation, rewritten
with ``jax.debug.print`` as suggested in the thread (host callback).

Source: https://github.com/jax-ml/jax/issues/4615
shoyer recommended a host callback instead of ``print`` so the value is shown
on every execution of the jitted gradient.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


def pair_energy(pos):
    diff = pos[:, None, :] - pos[None, :, :]
    r2 = jnp.sum(diff**2, axis=-1) + jnp.eye(pos.shape[0])
    return jnp.sum(jnp.triu(1.0 / r2**6 - 2.0 / r2**3, k=1))


def total_energy(pos):
    ret = pair_energy(pos)
    jax.debug.print("JUtotal: {}", ret)
    return ret


forces = jax.jit(jax.grad(total_energy))


def run():
    pos = jnp.array([[0.0, 0.0], [1.1, 0.0], [0.0, 1.2]])
    for k in range(3):
        out = forces(pos + 0.01 * k)
    return out
