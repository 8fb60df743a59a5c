"""dynamiqs: batched jump-SSE solver broadcasts the same trajectory keys to every batch element.

Source: https://github.com/dynamiqs/dynamiqs/pull/1070
(dynamiqs, commit 108fcd5e "Fix batching of keys in stochastic solvers").

`jssesolve(H, jump_ops, psi0, tsave, keys)` vmaps over the batch of
Hamiltonians (`in_axes` 0 for H) and, inside, over the `keys` of the
individual trajectories. "All other arguments (including the PRNG key) are
common to every batch": the keys went in with `in_axes=None`, so every
Hamiltonian in the batch reused the identical random numbers -- the
trajectories of different batch elements were not independent. The fix folds
the batch index into the keys. Physics trimmed to a driven, decaying qubit
with first-order jump sampling.

Observed on jax 0.10.2: 2 of 3 calls
"""
import jax
import jax.numpy as jnp


def _jssesolve_single_trajectory(H, L, psi0, tsave, key):
    dt = tsave[1] - tsave[0]
    draws = jax.random.uniform(key, (tsave.shape[0],))

    def step(psi, r):
        psi = psi - 1j * dt * (H @ psi) - 0.5 * dt * (L.conj().T @ L @ psi)
        p_jump = dt * jnp.real(jnp.vdot(L @ psi, L @ psi))
        jump = r < p_jump
        psi = jnp.where(jump, L @ psi, psi)
        psi = psi / jnp.linalg.norm(psi)
        return psi, (jnp.abs(psi[1]) ** 2, jump)

    _, (excited, jumps) = jax.lax.scan(step, psi0, draws)
    return excited, draws


def _jssesolve_many_trajectories(H, L, psi0, tsave, keys):
    f = jax.vmap(_jssesolve_single_trajectory, in_axes=(None, None, None, None, 0))
    return f(H, L, psi0, tsave, keys)


def _vectorized_jssesolve(H, L, psi0, tsave, keys):
    # vectorize input over H only; the keys are common to every batch element
    in_axes = (0, None, None, None, None)
    f = jax.vmap(_jssesolve_many_trajectories, in_axes=in_axes)  # expect: JAX503
    return f(H, L, psi0, tsave, keys)


@jax.jit
def jssesolve(H, L, psi0, tsave, keys):
    return _vectorized_jssesolve(H, L, psi0, tsave, keys)


def run():
    sx = jnp.array([[0, 1], [1, 0]], dtype=jnp.complex64)
    sm = jnp.array([[0, 1], [0, 0]], dtype=jnp.complex64)
    H = jnp.stack([omega * sx for omega in (0.5, 1.0, 2.0)])  # batch of 3 drives
    psi0 = jnp.array([1.0, 0.0], dtype=jnp.complex64)
    tsave = jnp.linspace(0.0, 5.0, 101)
    keys = jax.random.split(jax.random.key(42), 4)  # 4 trajectories
    excited, draws = jssesolve(H, 0.5 * sm, psi0, tsave, keys)
    # how many other batch elements reused the random numbers of element 0
    return sum(int(jnp.array_equal(draws[b], draws[0])) for b in range(1, H.shape[0]))
