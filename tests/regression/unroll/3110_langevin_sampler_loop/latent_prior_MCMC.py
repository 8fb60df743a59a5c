import jax
import jax.numpy as jnp

from Langevin_MCMC import Langevin_Sampler


class prior_sampler(Langevin_Sampler):
    def __init__(self, step_size, num_steps, p0_sigma, num_z, batch_size):
        super().__init__(step_size, num_steps)
        self.p0_sig = p0_sigma
        self.num_z = num_z
        self.batch_size = batch_size

    def grad_log_fcn(self, z, state, data=None, t=None):
        EBM_fwd = state["EBM_apply"]
        EBM_params = state["EBM_params"]
        grad_f = jax.grad(lambda z_: jnp.sum(EBM_fwd(EBM_params, z_)))(z)
        return grad_f - (z / (self.p0_sig**2))

    def sample_p0(self, key):
        key, subkey = jax.random.split(key)
        return self.p0_sig * jax.random.normal(subkey, (self.batch_size, self.num_z)), key
