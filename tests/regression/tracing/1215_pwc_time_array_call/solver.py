import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
def sesolve(H, psi0, tsave):
    """Fixed-step RK4 for d|psi>/dt = -i H(t) |psi>, saving at `tsave`."""

    def rhs(t, psi):
        return -1j * (H(t) @ psi)

    def step(psi, ts):
        t0, t1 = ts
        dt = t1 - t0
        k1 = rhs(t0, psi)
        k2 = rhs(t0 + dt / 2, psi + dt / 2 * k1)
        k3 = rhs(t0 + dt / 2, psi + dt / 2 * k2)
        k4 = rhs(t1, psi + dt * k3)
        psi = psi + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        return psi, psi

    _, states = jax.lax.scan(step, psi0, (tsave[:-1], tsave[1:]))
    return states
