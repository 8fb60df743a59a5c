import jax
import jax.numpy as jnp


def hmc_kernel_factory(logpdf, step_size, num_integration_steps):
    grad_fn = jax.grad(logpdf)

    def kernel(rng_key, position):
        momentum = jax.random.normal(rng_key, position.shape)
        momentum = momentum + 0.5 * step_size * grad_fn(position)
        position = position + step_size * momentum
        return position

    return kernel


class sampler:
    def __init__(self, rng_key, logpdf, step_size=0.1, num_integration_steps=10):
        self.rng_key = rng_key
        self.kernel_factory = hmc_kernel_factory
        self.parameters = (logpdf, step_size, num_integration_steps)
        self.state = jnp.zeros(3)

    def run(self, num_samples=3):
        @jax.jit
        def update_chains(rng_key, parameters, chain_state):
            kernel = self.kernel_factory(*parameters)
            return kernel(rng_key, chain_state)

        state = self.state
        keys = jax.random.split(self.rng_key, num_samples)
        for key in keys:
            state = update_chains(key, self.parameters, state)  # expect: JAX306
        return state
