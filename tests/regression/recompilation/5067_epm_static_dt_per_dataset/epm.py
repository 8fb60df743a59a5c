import jax
import jax.numpy as jnp

from kernels import _jit_startup_kernel


class LatticeEPM:
    def __init__(self, L=8, seed=0):
        self.L = L
        self.key = jax.random.PRNGKey(seed)
        q = jnp.fft.fftfreq(L)
        qx, qy = jnp.meshgrid(q, q)
        self.propagator_q = -4 * qx**2 * qy**2 / jnp.maximum((qx**2 + qy**2) ** 2, 1e-12)
        self.params_array = jnp.array([1.0, 1.0, 1.0])

    def predict_startup(self, time, gamma_dot):
        n_steps = max(0, int(time.shape[0]) - 1)
        dt = float(time[1] - time[0])
        return _jit_startup_kernel(  # expect: JAX403
            time, self.key, self.propagator_q, self.params_array, gamma_dot, dt, n_steps, self.L
        )
