"""A parametrised circuit applied gate by gate in Python loops under jit.

Source: https://github.com/pasqal-io/horqrux/issues/19
horqrux applies gates with Python loops; the proposal is to apply gates via
jax.lax.scan, "recommended ... for correct compilation", since every gate of
every layer is otherwise traced and compiled separately.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

N_QUBITS = 5
N_LAYERS = 12


def apply_1q(state, gate, target):
    state = jnp.moveaxis(state, target, 0)
    state = jnp.tensordot(gate, state, axes=(1, 0))
    return jnp.moveaxis(state, 0, target)


def ry(theta):
    c, s = jnp.cos(theta / 2), jnp.sin(theta / 2)
    return jnp.array([[c, -s], [s, c]], dtype=jnp.complex64)


def cz_ring(state, n):
    idx = jnp.indices((2,) * n)
    phase = jnp.ones((2,) * n)
    for q in range(n):  # expect: JAX407
        phase = phase * jnp.where((idx[q] == 1) & (idx[(q + 1) % n] == 1), -1.0, 1.0)
    return state * phase


@jax.jit
def expectation(thetas):
    n_layers, n = thetas.shape
    state = jnp.zeros((2,) * n, jnp.complex64).at[(0,) * n].set(1.0)
    for layer in range(n_layers):  # expect: JAX407
        for q in range(n):  # expect: JAX407
            state = apply_1q(state, ry(thetas[layer, q]), q)
        state = cz_ring(state, n)
    z0 = jnp.where(jnp.indices((2,) * n)[0] == 0, 1.0, -1.0)
    return jnp.sum(z0 * jnp.abs(state) ** 2)


def run():
    thetas = jnp.linspace(0.0, 1.0, N_LAYERS * N_QUBITS).reshape(N_LAYERS, N_QUBITS)
    return jax.grad(expectation)(thetas)
