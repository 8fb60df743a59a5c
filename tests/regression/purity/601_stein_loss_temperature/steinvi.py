import jax
import jax.numpy as jnp


class SteinVI:
    """Cut-down Stein variational inference driver (particles + kernel)."""

    def __init__(self, log_density, num_particles=4, step_size=0.1):
        self.log_density = log_density
        self.num_particles = num_particles
        self.step_size = step_size
        self.loss_temperature = 1.0

    def _kernel(self, x, y):
        return jnp.exp(-jnp.sum((x - y) ** 2))

    def _svgd_loss_and_grads(self, particles, temperature):
        def loss(p):
            return -jnp.mean(jax.vmap(self.log_density)(p)) / temperature

        return jax.value_and_grad(loss)(particles)

    def update(self, particles, step):
        # anneal the temperature and keep it around for reporting
        self.loss_temperature = jnp.minimum(1.0, (step + 1.0) / 10.0)  # expect: JAX105
        loss, grads = self._svgd_loss_and_grads(particles, self.loss_temperature)
        return particles - self.step_size * grads, loss

    def report(self):
        return jnp.asarray(self.loss_temperature) * 1.0
