"""While combining a VQE energy function with noise under one jax.value_and_grad, the author found
that `NoiseModel.apply_to_sv(sv, rng=...)` ignores the seeded `rng` whenever the statevector is a
JAX array: it silently switches to `jax_key`, and when that is None it draws a key from
os.urandom + time.perf_counter_ns on every call. Same rng seeded at 42, same input, consecutive
calls, different outputs.

Source: https://github.com/tatopenn-cell/Dense-Evolution/issues/7
Observed on jax 0.10.x: 2 of 3 calls
"""
import jax.numpy as jnp
import numpy as np

from noise import NoiseModel


def noisy_energy(sv, hamiltonian, noise, rng):
    noisy = noise.apply_to_sv(sv, rng=rng)
    return jnp.real(jnp.vdot(noisy, hamiltonian @ noisy))


def run():
    sv = jnp.ones(4, dtype=jnp.complex64) / 2.0
    ham = jnp.diag(jnp.array([1.0, -1.0, -1.0, 1.0], dtype=jnp.complex64))
    noise = NoiseModel(p=0.3)
    outs = []
    for _ in range(3):
        noisy = noise.apply_to_sv(sv, rng=np.random.default_rng(42))
        outs.append(np.asarray(noisy))
        noisy_energy(sv, ham, noise, np.random.default_rng(42))
    return sum(int(not np.array_equal(o, outs[0])) for o in outs[1:])
