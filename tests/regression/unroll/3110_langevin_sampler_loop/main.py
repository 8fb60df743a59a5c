"""Early JAX-ThermoEBM: the latent-space Langevin sampler is a Python class whose `__call__`
runs `for k in range(self.K)` with a gradient step and a fresh normal draw per iteration. It is
called from the jitted EBM loss, with K = E_SAMPLE_STEPS = 60 from hyperparams.input, so tracing
unrolls 60 copies of grad + split + normal into the jaxpr (and 60 more in the backward pass);
compile time grows with the number of MCMC steps instead of using lax.scan/fori_loop.

Source: https://github.com/PritRaj1/JAX-ThermoEBM/blob/92fc467507534d0d869265fed697cd3b2f5cbb29/src/MCMC_Samplers/Langevin_MCMC.py#L14
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from latent_prior_MCMC import prior_sampler

E_SAMPLE_STEPS = 60
E_STEP_SIZE = 0.01


def EBM_apply(params, z):
    return jnp.tanh(z @ params["w1"]) @ params["w2"]


sampler = prior_sampler(E_STEP_SIZE, E_SAMPLE_STEPS, p0_sigma=1.0, num_z=8, batch_size=16)


@jax.jit
def ebm_loss(EBM_params, key, z_posterior):
    z0, key = sampler.sample_p0(key)
    state = {"EBM_apply": EBM_apply, "EBM_params": EBM_params}
    z_prior = jax.lax.stop_gradient(sampler(z0, state, key))
    return jnp.mean(EBM_apply(EBM_params, z_posterior)) - jnp.mean(EBM_apply(EBM_params, z_prior))


def run():
    k1, k2, key = jax.random.split(jax.random.PRNGKey(0), 3)
    params = {"w1": 0.1 * jax.random.normal(k1, (8, 16)), "w2": 0.1 * jax.random.normal(k2, (16, 1))}
    loss, grads = jax.value_and_grad(ebm_loss)(params, key, jnp.ones((16, 8)))
    loss.block_until_ready()
