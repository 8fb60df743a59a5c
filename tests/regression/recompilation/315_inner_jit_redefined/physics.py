import jax
import jax.numpy as jnp


def advance(state, dt, n_sub=4):
    """Advance a damped oscillator; called once per output frame."""

    @jax.jit
    def substep(s):
        x, v = s
        for _ in range(n_sub):
            v = v - dt / n_sub * (x + 0.1 * v)
            x = x + dt / n_sub * v
        return x, v

    return substep(state)  # expect: JAX402
